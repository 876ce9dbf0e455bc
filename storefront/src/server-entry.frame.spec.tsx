/**
 * @jest-environment node
 */
import { makeProduct, makeUser, setupMockApi } from '@larder/shared-state/testing';
import { renderPage } from './server-entry';

const server = setupMockApi();

const apiFetch: typeof fetch = (input, init) => fetch(input, init);

/** The page's text, without React's markers between the parts of a sentence. */
const text = (html: string) => html.replace(/<!-- -->/g, '');

describe("a signed-in customer's page rendered on the server: its frame and skeleton", () => {
  beforeEach(() => {
    server.seed({
      products: [makeProduct({ _id: 'p-oats', name: 'Porridge Oats 1kg', category: 'Grains' })],
      // Were the render to ask who is signed in, it would be told: Ada, with oats in her basket.
      user: makeUser({
        _id: 'u-ada',
        email: 'ada@example.com',
        cartItems: { 'p-oats': 2 },
      }),
    });
  });

  it.each([
    ['/cart', 'Loading your cart', 'Shopping Cart'],
    ['/favourites', 'Loading your favourites', 'Favourites'],
    ['/my-orders', 'Loading your orders', 'My Orders'],
    ['/usuals', 'Loading your usuals', 'Your usuals'],
  ])('%s comes with the header, the footer and the page skeleton, busy', async (url, loading, heading) => {
    const page = await renderPage({ url, fetch: apiFetch, apiOrigin: server.origin });
    const html = text(page.html);

    expect(html).toContain('aria-label="Larder home"');
    expect(html).toMatch(/<footer[\s>]/);
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain(`>${loading}</`);
  });

  it("never holds a customer's data: the session and the page's own data are left to the browser", async () => {
    for (const url of ['/cart', '/favourites', '/my-orders', '/usuals']) {
      const page = await renderPage({ url, fetch: apiFetch, apiOrigin: server.origin });
      expect(page.html).not.toMatch(/Ada|ada@example\.com|Porridge Oats/);
      expect(page.html).not.toContain('Cart, 2 items');
      expect(page.state.cart.items).toEqual({});
      const queries = page.state.api.queries as Record<string, { endpointName: string }>;
      const asked = Object.values(queries).map((query) => query.endpointName);
      expect(asked).not.toContain('userIsAuth');
    }
    const personal = ['/api/user/is-auth', '/api/user/favourites', '/api/order/user', '/api/user/usuals'];
    expect(server.requests.filter((request) => personal.includes(request.url))).toEqual([]);
  });

  it('leaves the public pages as they were: rendered with the session', async () => {
    const page = await renderPage({ url: '/', fetch: apiFetch, apiOrigin: server.origin });
    expect(page.html).toContain('aria-label="Cart, 2 items"');
  });
});
