/**
 * @jest-environment node
 */
import { makeProduct, makeUser, setupMockApi } from '@larder/shared-state/testing';
import { runningTimers, timersLeftAfter } from '../test/timers-left';
import { renderPage, routes } from './server-entry';

const server = setupMockApi();

/** The store's API calls, answered by the fake API of this test. */
const apiFetch: typeof fetch = (input, init) => fetch(input, init);

describe('renderPage (the storefront rendered on the server)', () => {
  beforeEach(() => {
    server.seed({
      products: [
        makeProduct({ _id: 'p-apple', name: 'Pink Lady Apples x4', category: 'Fruits', offerPrice: 2.2 }),
        makeProduct({ _id: 'p-milk', name: 'Semi-Skimmed Milk', category: 'Dairy' }),
      ],
    });
  });

  it('renders a category page with its products, in place, with no script to run', async () => {
    const page = await renderPage({ url: '/products/fruits', fetch: apiFetch, apiOrigin: server.origin });

    expect(page.html).toContain('Fresh Fruits</h1>');
    expect(page.html).toContain('Pink Lady Apples x4');
    expect(page.html).toContain('£2.20');
    expect(page.html).not.toContain('Semi-Skimmed Milk');
    // Everything is in its place: no part waits for a script to move it in.
    expect(page.html).not.toMatch(/<script|<template|<!--\$[?!]-->/);
  });

  it('hands over the answers it was rendered with, and a signed-in customer their cart', async () => {
    server.seed({ user: makeUser({ _id: 'u1', email: 'ada@example.com', cartItems: { 'p-milk': 3 } }) });

    const page = await renderPage({ url: '/', fetch: apiFetch, apiOrigin: server.origin });

    const queries = page.state.api.queries as Record<string, { endpointName: string; status: string }>;
    expect(Object.values(queries).map((q) => [q.endpointName, q.status])).toEqual(
      expect.arrayContaining([
        ['userIsAuth', 'fulfilled'],
        ['listProducts', 'fulfilled'],
        ['getShippingSettings', 'fulfilled'],
      ]),
    );
    expect(page.state.cart).toEqual({ items: { 'p-milk': 3 } });
    expect(page.html).toContain('aria-label="Cart, 3 items"');
    // Rendering reads only: nothing was sent to change the server.
    expect(server.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('names the shop by its saved business details in the rendered footer, copyright line and terms', async () => {
    server.seed({
      business: {
        legalName: 'Larder Foods Ltd',
        address: '1 Wine Street, Bristol BS1 2AA',
        email: 'hello@larder.test',
        phone: '0117 496 0000',
        vatNumber: null,
        companyNumber: null,
      },
    });
    // The page's text, without React's markers between the parts of a sentence.
    const text = (html: string) => html.replace(/<!-- -->/g, '');
    const home = text((await renderPage({ url: '/', fetch: apiFetch, apiOrigin: server.origin })).html);
    expect(home).toContain('Larder is run by Larder Foods Ltd, 1 Wine Street, Bristol BS1 2AA.');
    expect(home).toMatch(/© \d{4} Larder Foods Ltd, 1 Wine Street, Bristol BS1 2AA\. All rights reserved\./);
    expect(home).not.toContain('London, UK');
    const terms = text(
      (await renderPage({ url: '/terms-and-conditions', fetch: apiFetch, apiOrigin: server.origin })).html,
    );
    expect(terms).toContain(
      'an online grocery shop run by Larder Foods Ltd, 1 Wine Street, Bristol BS1 2AA, delivering',
    );
  });

  it('hands over only the products the page shows, and says so', async () => {
    const shownIds = async (url: string) => {
      const page = await renderPage({ url, fetch: apiFetch, apiOrigin: server.origin });
      const queries = page.state.api.queries as Record<
        string,
        { endpointName: string; data: { products: { _id: string }[] } }
      >;
      const list = Object.values(queries).find((query) => query.endpointName === 'listProducts');
      expect(page.state.shownProductsOnly).toBe(true);
      return list?.data.products.map((product) => product._id);
    };
    server.seed({
      products: [
        makeProduct({ _id: 'p-apple', name: 'Pink Lady Apples x4', category: 'Fruits' }),
        makeProduct({ _id: 'p-pear', name: 'Conference Pears', category: 'Fruits' }),
        makeProduct({ _id: 'p-milk', name: 'Semi-Skimmed Milk', category: 'Dairy' }),
      ],
    });

    expect(await shownIds('/products/fruits')).toEqual(['p-apple', 'p-pear']);
    // A product page: the product and its related products.
    expect(await shownIds('/products/dairy/p-milk')).toEqual(['p-milk']);
    expect(await shownIds('/products/fruits/p-pear')).toEqual(['p-apple', 'p-pear']);
    expect(await shownIds('/products/fruits/p-gone')).toEqual([]);
  });

  it("leaves no timer behind that would keep the page's store alive after the render", async () => {
    const before = runningTimers();
    for (let i = 0; i < 3; i += 1) {
      await renderPage({ url: '/products/fruits', fetch: apiFetch, apiOrigin: server.origin });
    }
    expect(await timersLeftAfter(before)).toBeLessThanOrEqual(before);
  });

  it('renders a product page by its id', async () => {
    const page = await renderPage({
      url: '/products/fruits/p-apple',
      fetch: apiFetch,
      apiOrigin: server.origin,
    });
    expect(page.html).toMatch(/<h1[^>]*>Pink Lady Apples x4<\/h1>/);
  });

  it('hands the API its route table, and renders every page the table says the server renders', async () => {
    const serverRendered = routes.filter((route) => route.serverRendered);
    expect(serverRendered.length).toBeGreaterThan(0);
    for (const route of serverRendered) {
      const url = route.path.replace(':category', 'fruits').replace(':id', 'p-apple');
      const page = await renderPage({ url, fetch: apiFetch, apiOrigin: server.origin });
      expect(`${url} ${/<h1[^>]*>([^<]*)<\/h1>/.exec(page.html)?.[1]}`).not.toMatch(
        /undefined|Page not found/,
      );
    }
  });

  it('gives up when rendering fails, so the server can send the page to be rendered in the browser', async () => {
    server.on('GET', '/api/product/list', () => new Promise<never>(() => undefined));
    await expect(
      renderPage({ url: '/products', fetch: apiFetch, apiOrigin: server.origin, timeoutMs: 50 }),
    ).rejects.toThrow();
  });
});
