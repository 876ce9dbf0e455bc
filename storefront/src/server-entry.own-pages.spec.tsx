/**
 * @jest-environment node
 */
import type { FavouritesResponse, UsualsResponse } from '@larder/shared-state';
import { makeOrder, makeOrderItem, makeProduct, makeUser, setupMockApi } from '@larder/shared-state/testing';
import { MESSAGES, formatDeliveryDate, selectableDeliveryDate } from '@larder/shared-domain';
import { runningTimers, timersLeftAfter } from '../test/timers-left';
import { renderPage } from './server-entry';

const server = setupMockApi();

const apiFetch: typeof fetch = (input, init) => fetch(input, init);

/** The page's text, without React's markers between the parts of a sentence. */
const text = (html: string) => html.replace(/<!-- -->/g, '');

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');

const oats = makeProduct({ _id: 'p-oats', name: 'Porridge Oats 1kg', category: 'Grains' });
const tea = makeProduct({ _id: 'p-tea', name: 'Breakfast Tea', category: 'Drinks' });
const jam = makeProduct({ _id: 'p-jam', name: 'Strawberry Jam', category: 'Grains' });

const PERSONAL = ['/api/user/favourites', '/api/order/user', '/api/user/usuals', '/api/delivery/slots'];

describe("a signed-in customer's own page rendered on the server for them", () => {
  beforeEach(() => {
    server.seed({
      products: [oats, tea, jam],
      user: makeUser({ _id: 'u-ada', email: 'ada@example.com', cartItems: { 'p-oats': 2 } }),
      userOrders: [makeOrder({ _id: 'o-5e1f0a2b', items: [makeOrderItem({ name: 'Breakfast Tea' })] })],
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

  it('the basket comes with its lines, its delivery slots and the products it shows, nothing busy', async () => {
    const page = await renderPage({
      url: '/cart',
      fetch: apiFetch,
      apiOrigin: server.origin,
      personal: true,
    });
    const html = text(page.html);

    expect(html).toContain('Porridge Oats 1kg');
    expect(html).toContain('aria-label="Quantity of Porridge Oats 1kg"');
    expect(html).toContain('>2 Items</span>');
    expect(html).toContain('Order Summary');
    expect(html).not.toContain('aria-busy="true"');
    expect(page.state.cart.items).toEqual({ 'p-oats': 2 });
    const queries = Object.values(
      page.state.api.queries as Record<string, { endpointName: string; status: string; data?: unknown }>,
    );
    const answered = queries
      .filter((query) => query.status === 'fulfilled')
      .map((query) => query.endpointName);
    expect(answered).toEqual(
      expect.arrayContaining(['userIsAuth', 'listPromotions', 'listDeliverySlots', 'getShippingSettings']),
    );
    // Of the catalogue, the basket's own products go along, not the rest.
    const list = queries.find((query) => query.endpointName === 'listProducts')?.data as {
      products: { _id: string }[];
    };
    expect(list.products.map((product) => product._id)).toEqual(['p-oats']);
  });

  it("shows the delivery date of the moment it is rendered for, by the shop's clock, and hands that moment over", async () => {
    for (const at of ['2026-12-01T09:00:00Z', '2026-12-01T23:30:00Z']) {
      const now = Date.parse(at);
      const page = await renderPage({
        url: '/cart',
        fetch: apiFetch,
        apiOrigin: server.origin,
        personal: true,
        now,
      });
      expect(text(page.html)).toContain(formatDeliveryDate(selectableDeliveryDate(new Date(now))));
      expect(page.state.renderedAt).toBe(now);
    }
  });

  it.each([
    ['/favourites', 'Strawberry Jam'],
    ['/my-orders', 'Breakfast Tea'],
    ['/usuals', 'Bought 3 times, last on 20 Nov 2026'],
  ])('%s comes with its content', async (url, content) => {
    const page = await renderPage({ url, fetch: apiFetch, apiOrigin: server.origin, personal: true });
    const html = text(page.html);
    expect(html).toContain(content);
    expect(html).not.toContain('aria-busy="true"');
  });

  it.each([
    ['/cart', MESSAGES.cartEmpty],
    ['/favourites', MESSAGES.notSignedIn],
    ['/my-orders', MESSAGES.notSignedIn],
    ['/usuals', MESSAGES.notSignedIn],
  ])(
    "%s for a visitor (a session that has ended) says what a visitor sees, asking nothing of a customer's",
    async (url, says) => {
      server.seed({ user: null });
      const page = await renderPage({ url, fetch: apiFetch, apiOrigin: server.origin, personal: true });
      expect(text(page.html)).toContain(escapeHtml(says));
      expect(text(page.html)).not.toContain('aria-busy="true"');
      expect(server.requests.filter((request) => PERSONAL.includes(request.url))).toEqual([]);
    },
  );

  it("leaves no timer behind that would keep the page's store alive after the render", async () => {
    const before = runningTimers();
    for (const url of ['/cart', '/favourites', '/my-orders', '/usuals']) {
      await renderPage({ url, fetch: apiFetch, apiOrigin: server.origin, personal: true });
    }
    expect(await timersLeftAfter(before)).toBeLessThanOrEqual(before);
  });
});
