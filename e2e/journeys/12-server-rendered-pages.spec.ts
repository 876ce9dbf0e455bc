// Shop pages arrive rendered by the server: readable before (and without) any script, then hydrated by the
// browser without a mismatch, after which links and buttons work as usual. When the server cannot load the
// storefront's server build, the same pages are rendered in the browser instead.
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { navbar, productCard, TEXT, expectToast } from '../support/shop';
import { startShop, type RunningShop } from '../support/second-shop';
import { newCustomer, orderRef, ShopApi } from '../support/api';

/** A name as it appears in HTML text. */
const inHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML the server sends for a page, before any script runs. */
async function serverHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  return response.text();
}

/** Console lines React writes when hydration goes wrong (mismatch, recoverable errors). */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text();
    if (/hydrat|react\.dev\/errors\/(418|419|421|422|423|425)|did not match/i.test(text)) {
      problems.push(`[${message.type()}] ${text}`);
    }
  });
  return problems;
}

interface RemovalWatch {
  /** Nodes removed under #root since the first parse. */
  removed: string[];
  /** The server's #main-content was found and marked when the document was parsed. */
  watching: boolean;
  /** Resolves once the whole catalogue's answer has been read and the page has had a task to draw it. */
  catalogueSettled: Promise<void>;
}

/**
 * Records the server's nodes removed under #root from the first parse on (hydration that keeps the server's
 * markup removes none, while a page drawn again by React replaces its server-rendered content), marks the server's
 * main content so that it can be told apart from a copy drawn by React, and notes when the page has taken in the
 * whole catalogue.
 */
async function watchServerMarkup(page: Page): Promise<void> {
  await page.addInitScript(() => {
    let settle: () => void = () => undefined;
    const watch: RemovalWatch = {
      removed: [],
      watching: false,
      catalogueSettled: new Promise<void>((resolve) => (settle = resolve)),
    };
    (window as unknown as { larderWatch: RemovalWatch }).larderWatch = watch;
    const originalFetch = window.fetch;
    window.fetch = function (input: RequestInfo | URL, init?: RequestInit) {
      const pending = originalFetch.call(this, input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (new URL(url, location.href).pathname === '/api/product/list') {
        // The store takes the answer in within the microtasks after the body is read; React draws it before the
        // next task.
        void pending
          .then((response) => response.clone().text())
          .then(() => setTimeout(() => setTimeout(settle)));
      }
      return pending;
    };
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      const main = document.getElementById('main-content');
      if (!root || !main) return;
      (main as unknown as { larderServerNode: boolean }).larderServerNode = true;
      // The nodes the server sent: a node the page adds later (a spinner) may come and go.
      const fromServer = new WeakSet<Node>();
      const walker = document.createTreeWalker(root);
      for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) fromServer.add(node);
      watch.watching = true;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (fromServer.has(node))
              watch.removed.push(`${node.nodeName} ${node.textContent?.slice(0, 40)}`);
      }).observe(root, { childList: true, subtree: true });
    });
  });
}

/** What the watch saw: whether it watched the server's markup, what was removed, and whether #main-content is still the server's. */
const serverMarkupKept = (page: Page) =>
  page.evaluate(async () => {
    const watch = (window as unknown as { larderWatch: RemovalWatch }).larderWatch;
    await watch.catalogueSettled;
    const main = document.getElementById('main-content') as unknown as { larderServerNode?: boolean } | null;
    return { watching: watch.watching, removed: watch.removed, serverMain: main?.larderServerNode === true };
  });

/** Resolves once React has taken over the server's markup (the heading has a React fiber). */
async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .locator('#root h1')
          .first()
          .evaluate((heading) => Object.keys(heading).some((key) => key.startsWith('__reactFiber'))),
      { message: 'the page is hydrated', timeout: 45_000 },
    )
    .toBe(true);
}

test.describe('pages rendered on the server @phone', () => {
  test('a category page arrives rendered, hydrates without a mismatch and then navigates in the browser', async ({
    page,
    api,
  }) => {
    const fruits = (await api.products()).filter((product) => product.category === 'Fruits');
    expect(fruits.length).toBeGreaterThan(1);

    const html = await serverHtml(page, '/products/fruits');
    expect(html).toContain('<div id="root" data-rendered="storefront">');
    expect(html).toContain('Fresh Fruits</h1>');
    for (const product of fruits.filter((p) => p.inStock)) expect(html).toContain(inHtml(product.name));
    // The page carries the products it shows, not the whole catalogue...
    const state = JSON.parse(
      /<script type="application\/json" id="larder-state">(.*?)<\/script>/s.exec(html)![1],
    );
    const list = Object.values(
      state.api.queries as Record<string, { endpointName: string; data: unknown }>,
    ).find((query) => query.endpointName === 'listProducts')?.data as { products: { _id: string }[] };
    expect(list.products.map((product) => product._id).sort()).toEqual(
      fruits
        .filter((p) => p.inStock)
        .map((product) => product._id)
        .sort(),
    );

    const problems = watchHydration(page);
    const documents: string[] = [];
    const styleSheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
      if (request.resourceType() === 'stylesheet') styleSheets.push(request.url());
    });
    await watchServerMarkup(page);
    // ...and the browser loads the rest once the page is up.
    const catalogue = page.waitForResponse((response) => response.url().endsWith('/api/product/list'));
    await page.goto('/products/fruits');
    await expect(page.getByRole('heading', { level: 1, name: 'Fresh Fruits' })).toBeVisible();
    await waitForHydration(page);
    // The server's markup is kept, also once the whole catalogue is in (the visitor's session came with the page).
    await catalogue;
    expect(await serverMarkupKept(page), 'server-rendered nodes the browser removed').toEqual({
      watching: true,
      removed: [],
      serverMain: true,
    });
    await page.evaluate(() => ((window as unknown as { larderVisit: number }).larderVisit = 1));

    // A click on a card goes to the product page without loading a new document.
    const first = fruits.find((product) => product.inStock)!;
    await productCard(page.getByRole('main'), first.name).getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/products/fruits/${first._id}$`));
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { larderVisit?: number }).larderVisit)).toBe(1);
    expect(documents).toHaveLength(1);
    // A page for everyone carries its style sheets, and the browser's style loaders know them as loaded.
    expect(html).toMatch(/<style data-href="[^"]+\.css">/);
    expect(styleSheets, 'style sheets loaded although the page carries them').toEqual([]);
    expect(problems, 'hydration warnings in the console').toEqual([]);
  });

  test('a signed-in customer adds to the cart from the server-rendered home page', async ({ page, api }) => {
    const problems = watchHydration(page);
    const customer = newCustomer('ssr');
    await api.signUp(customer);
    const products = await api.products();
    const html = await serverHtml(page, '/');
    expect(html).toContain('Freshness you can trust, savings you will love!');
    // The page comes rendered for this customer: their session is in it, so the browser need not ask.
    expect(html).toContain(inHtml(customer.email));
    const sessionRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user/is-auth') sessionRequests.push(request.url());
    });

    await page.goto('/');
    await waitForHydration(page);
    const main = page.getByRole('main');
    const card = main.getByRole('article').first();
    const name = (await card.getByRole('heading').first().textContent())!.trim();
    expect(products.map((product) => product.name)).toContain(name);
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await expectToast(page, TEXT.addedToCart);
    await expect(navbar(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    expect(problems, 'hydration warnings in the console').toEqual([]);
    expect(sessionRequests, 'the session came with the page').toEqual([]);
  });

  test("a signed-in customer's orders arrive with the page, and hydrate without a mismatch", async ({
    page,
    api,
  }) => {
    const problems = watchHydration(page);
    const customer = newCustomer('ssr-orders');
    await api.signUp(customer);
    const { _id: addressId } = await api.addAddress();
    const [first] = await api.inStockProducts();
    const orderId = await api.placeOrder({ lines: [{ product: first, quantity: 2 }], addressId });

    // The page comes rendered for this customer alone: their order, their session, nothing to ask again.
    const response = await page.request.get('/my-orders', { headers: { accept: 'text/html' } });
    expect(response.headers()['cache-control']).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(`#${orderRef(orderId)}`);
    expect(html).toContain(inHtml(first.name));
    expect(html).not.toContain('as="fetch"');
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (['/api/user/is-auth', '/api/order/user'].includes(pathname)) asked.push(pathname);
    });

    await watchServerMarkup(page);
    await page.goto('/my-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await waitForHydration(page);
    expect(await serverMarkupKept(page), 'server-rendered nodes the browser removed').toEqual({
      watching: true,
      removed: [],
      serverMain: true,
    });
    await expect(page.getByRole('button', { name: `Buy again: order #${orderRef(orderId)}` })).toBeEnabled();
    expect(problems, 'hydration warnings in the console').toEqual([]);
    expect(asked, 'what the page came with, asked again').toEqual([]);
  });

  test("a signed-in customer's basket arrives with its lines, and an Add made just before is in it", async ({
    page,
    api,
  }) => {
    const problems = watchHydration(page);
    const customer = newCustomer('ssr-basket');
    await api.signUp(customer);
    const [first] = await api.inStockProducts();
    await api.setCart({ [first._id]: 2 });

    // Rendered for this customer alone, with their lines and priced: no skeleton to wait behind.
    const response = await page.request.get('/cart', { headers: { accept: 'text/html' } });
    expect(response.headers()['cache-control']).toBe('no-store');
    const html = await response.text();
    expect(html).toContain(inHtml(first.name));
    expect(html).toContain('data-testid="cart-units"');
    expect(html).not.toContain('Loading your cart');
    // Its style sheets come inside it, as in a page for everyone: the first paint waits for nothing else.
    expect(html).toMatch(/<style data-href="[^"]+\.css">/);

    const styleSheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') styleSheets.push(request.url());
    });
    await watchServerMarkup(page);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: /Shopping Cart/ })).toBeVisible();
    await waitForHydration(page);
    expect(await serverMarkupKept(page), 'server-rendered nodes the browser removed').toEqual({
      watching: true,
      removed: [],
      serverMain: true,
    });
    expect(problems, 'hydration warnings in the console').toEqual([]);
    expect(styleSheets, 'style sheets loaded although the page carries them').toEqual([]);

    // An Add on the home page, and the basket asked for at once, before the change has been posted: the page
    // was rendered from the cart the server had, and the browser puts the tab's change back.
    await page.goto('/');
    await waitForHydration(page);
    const card = page.getByRole('main').getByRole('article').filter({ hasNotText: first.name }).first();
    const name = (await card.getByRole('heading').first().textContent())!.trim();
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await page.goto('/cart');
    const lines = page.getByRole('list', { name: 'Cart items' });
    await expect(lines.getByText(name, { exact: true })).toBeVisible();
    await expect(lines.getByText(first.name, { exact: true })).toBeVisible();
    await expect(page.getByTestId('cart-units')).toHaveText('3 Items');
    await expect.poll(() => api.cart().then((cart) => Object.keys(cart).length)).toBe(2);
    expect(problems, 'hydration warnings in the console').toEqual([]);
  });

  test('with JavaScript off, home, a category and a product page show their content', async ({
    browser,
    baseURL,
    api,
  }) => {
    const product = (await api.products()).find((p) => p.inStock && p.category === 'Vegetables')!;
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Freshness you can trust, savings you will love!',
    );
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

    await page.goto('/products/vegetables');
    await expect(page.getByRole('heading', { level: 1, name: 'Vegetables' })).toBeVisible();
    await expect(productCard(page.getByRole('main'), product.name)).toBeVisible();

    await page.goto(`/products/vegetables/${product._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(main.getByText('Offer price:')).toBeVisible();
    const picture = main.getByRole('img', { name: product.name }).first();
    await expect(picture).toBeVisible();
    expect(await picture.getAttribute('width')).toBeTruthy();
    expect(await picture.getAttribute('height')).toBeTruthy();
    await context.close();
  });
});

test.describe('when the server cannot load the storefront', () => {
  let shop: RunningShop;
  test.beforeAll(async () => {
    // A second shop whose storefront server build is broken (it throws as it loads).
    shop = await startShop({ brokenServerBuild: true });
  });
  test.afterAll(async () => {
    await shop?.stop();
  });

  test('the page is rendered in the browser instead, and works', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: shop.url });
    await new ShopApi(context.request).signUp(newCustomer('fallback'));
    const page = await context.newPage();
    const html = await (await page.request.get('/products', { headers: { accept: 'text/html' } })).text();
    expect(html).not.toContain('data-rendered');
    expect(html).toContain('<div id="root">');

    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible({
      timeout: 45_000,
    });
    const card = page.getByRole('main').getByRole('article').first();
    const name = (await card.getByRole('heading').first().textContent())!.trim();
    await card.getByRole('button', { name: `Add ${name} to cart` }).click();
    await expect(navbar(page).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await context.close();
  });
});
