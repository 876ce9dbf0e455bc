/**
 * @jest-environment node
 */
import type { FavouritesResponse, UsualsResponse } from '@larder/shared-state';
import { MESSAGES } from '@larder/shared-domain';
import { makeOrder, makeOrderItem, makeProduct, makeUser, setupMockApi } from '@larder/shared-state/testing';
import { runningTimers, timersLeftAfter } from '../test/timers-left';
import { renderPage } from './server-entry';

const server = setupMockApi();

const apiFetch: typeof fetch = (input, init) => fetch(input, init);

/** The page's text, without React's markers between the parts of a sentence. */
const text = (html: string) => html.replace(/<!-- -->/g, '');

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

const tea = makeProduct({ _id: 'p-tea', name: 'Breakfast Tea', category: 'Drinks' });
const jam = makeProduct({ _id: 'p-jam', name: 'Strawberry Jam', category: 'Grains' });
const ORDERED_AT = '2026-12-01T09:00:00.000Z';

const PERSONAL = ['/api/user/favourites', '/api/order/user', '/api/user/usuals'];

const render = (url: string, more: { now?: number } = {}) =>
  renderPage({ url, fetch: apiFetch, apiOrigin: server.origin, personal: true, ...more });

describe("a signed-in customer's own page rendered on the server for them (a route marked personal)", () => {
  beforeEach(() => {
    server.seed({
      products: [tea, jam],
      user: makeUser({ _id: 'u-ada', email: 'ada@example.com', cartItems: { 'p-tea': 2 } }),
      userOrders: [
        makeOrder({
          _id: 'o-5e1f0a2b',
          createdAt: ORDERED_AT,
          deliverySlot: { date: '2026-12-02', time: '10:00 - 11:00' },
          items: [makeOrderItem({ name: 'Breakfast Tea' })],
        }),
      ],
    });
    server.on<FavouritesResponse>('GET', '/api/user/favourites', {
      body: { success: true, products: [jam] },
    });
    server.on<UsualsResponse>('GET', '/api/user/usuals', {
      body: {
        success: true,
        products: [{ product: tea, timesBought: 3, lastBought: '2026-11-20T10:00:00.000Z' }],
      },
    });
  });

  it.each([
    ['/favourites', 'Strawberry Jam'],
    ['/my-orders', 'Breakfast Tea'],
    ['/usuals', 'Bought 3 times, last on 20 Nov 2026'],
  ])('%s comes with its content, nothing busy', async (url, content) => {
    const html = text((await render(url)).html);
    expect(html).toContain(content);
    expect(html).not.toContain('aria-busy="true"');
  });

  it("is drawn for the moment it is rendered for, by the shop's clock, and hands that moment over", async () => {
    // Within the hour after ordering the order may be cancelled; two hours on, not.
    const early = Date.parse(ORDERED_AT) + 10 * 60_000;
    const late = Date.parse(ORDERED_AT) + 2 * 60 * 60_000;
    const withinTheHour = await render('/my-orders', { now: early });
    const after = await render('/my-orders', { now: late });
    const cancelButton = (html: string) => /<button([^>]*)>Cancel order<\/button>/.exec(html)?.[1] ?? '';
    expect(cancelButton(withinTheHour.html)).not.toContain('disabled=""');
    expect(cancelButton(after.html)).toContain('disabled=""');
    expect(withinTheHour.state.renderedAt).toBe(early);
    expect(after.state.renderedAt).toBe(late);
  });

  it("the basket comes with the customer's lines as the server holds them, priced, for the shop's moment", async () => {
    const page = await render('/cart', { now: Date.parse(ORDERED_AT) });
    const html = text(page.html);
    expect(html).toContain('Breakfast Tea');
    expect(html).not.toContain('Strawberry Jam');
    expect(html).not.toContain('aria-busy="true"');
    expect(page.state.cart.items).toEqual({ 'p-tea': 2 });
    // It goes with the products of its lines, enough for the browser to draw the same lines at once.
    const entry = page.state.api.queries['listProducts(undefined)'] as {
      data: { products: { _id: string }[] };
    };
    const list = entry.data;
    expect(list.products.map((product) => product._id)).toEqual(['p-tea']);
    expect(page.state.shownProductsOnly).toBe(true);
    expect(page.state.renderedAt).toBe(Date.parse(ORDERED_AT));
  });

  it('the basket names a line whose product is no longer sold as missing, so the browser draws the same', async () => {
    server.seed({
      user: makeUser({ _id: 'u-ada', email: 'ada@example.com', cartItems: { 'p-tea': 2, 'p-gone': 1 } }),
    });
    const page = await render('/cart');
    expect(text(page.html)).toContain('Breakfast Tea');
    expect(page.state.missingProducts).toEqual(['p-gone']);
  });

  it.each([
    ['/cart', MESSAGES.cartEmpty],
    ['/favourites', MESSAGES.notSignedIn],
    ['/my-orders', MESSAGES.notSignedIn],
    ['/usuals', MESSAGES.notSignedIn],
  ])(
    "%s for a visitor (a session that has ended) shows %j, asking nothing of a customer's",
    async (url, message) => {
      server.seed({ user: null });
      const html = text((await render(url)).html);
      expect(html).toContain(escapeHtml(message));
      expect(html).not.toContain('aria-busy="true"');
      expect(server.requests.filter((request) => PERSONAL.includes(request.url))).toEqual([]);
    },
  );

  it("leaves no timer behind that would keep the page's store alive after the render", async () => {
    const before = runningTimers();
    for (const url of ['/cart', '/favourites', '/my-orders', '/usuals']) await render(url);
    expect(await timersLeftAfter(before)).toBeLessThanOrEqual(before);
  });
});
