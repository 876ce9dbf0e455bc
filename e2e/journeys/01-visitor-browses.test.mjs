// A visitor who is not signed in: home, a category, the search, a product and the sign-in prompt,
// the footer's pages and the loader.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inPage, useBrowser } from '../support/browser.mjs';
import { apiProducts } from '../support/api.mjs';
import {
  eventually,
  expectCount,
  expectHidden,
  expectLocatorText,
  expectPath,
  expectText,
  expectVisible,
  formatPence,
} from '../support/expect.mjs';
import { TEXT, loginModal, navbar, openShop, productCard, signInPrompt } from '../support/shop.mjs';

const browser = useBrowser();

const CATEGORY_TILES = [
  'Vegetables',
  'Fresh Fruits',
  'Cold Drinks',
  'Instant Food',
  'Dairy Products',
  'Bakery & Breads',
  'Grains & Cereals',
  'Whole Spices',
  'Ground Spices',
  'Flour',
];

const toPence = (pounds) => Math.round(pounds * 100);
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the home page shows the banner, ten categories, five products and the selling points', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const inStock = (await apiProducts(context)).filter((p) => p.inStock);
    await openShop(page, '/');
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('link', { name: 'Shop now' }));
    await expectVisible(main.getByRole('link', { name: 'Explore deals' }));

    const categories = main.getByRole('region', { name: 'Categories' });
    for (const name of CATEGORY_TILES) {
      await expectVisible(categories.getByRole('link', { name, exact: true }), {
        what: `the category tile ${name}`,
      });
    }

    const groceries = main.getByRole('region', { name: 'Shop groceries' });
    await expectCount(groceries.getByRole('article'), Math.min(5, inStock.length));
    const shownNames = await groceries.getByRole('article').getByRole('heading').allTextContents();
    for (const name of shownNames) {
      assert.ok(
        inStock.some((p) => p.name === name.trim()),
        `${name} on the home page is an in-stock product`,
      );
    }

    const why = main.getByRole('region', { name: 'Why We Are the Best' });
    for (const point of ['Fastest Delivery', 'Freshness Guaranteed', 'Affordable Prices', 'Trusted']) {
      await expectVisible(why.getByRole('heading', { name: point }));
    }

    const newsletter = main.getByRole('region', { name: 'Never miss a deal!' });
    await newsletter.getByRole('textbox', { name: 'Email address' }).fill('visitor@example.com');
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await expectText(newsletter, "Thanks! You're on the list.");

    for (const group of ['Quick Links', 'Need help?', 'Follow Us']) {
      await expectVisible(page.getByRole('contentinfo').getByRole('navigation', { name: group }));
    }
  });
});

test('a category tile lists the in-stock products of that category, and /home is the home page too', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const fruits = (await apiProducts(context)).filter((p) => p.inStock && p.category === 'Fruits');
    assert.ok(fruits.length > 0, 'the seeded shop has fruit in stock');

    await openShop(page, '/home');
    await page
      .getByRole('region', { name: 'Categories' })
      .getByRole('link', { name: 'Fresh Fruits' })
      .click();
    await expectPath(page, '/products/fruits');
    const main = page.getByRole('main');
    await expectVisible(main.getByRole('heading', { name: 'Fresh Fruits', level: 1 }));
    await expectCount(main.getByRole('article'), fruits.length);
    for (const fruit of fruits) await expectVisible(productCard(main, fruit.name));
  });
});

test('typing in the navbar search jumps to /products and filters by name; nonsense shows Item not found', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const inStock = (await apiProducts(context)).filter((p) => p.inStock);
    const word = inStock[Math.floor(inStock.length / 2)].name.split(/\s+/)[0];
    const expected = inStock.filter((p) => p.name.toLowerCase().includes(word.toLowerCase()));

    await openShop(page, '/');
    const search = navbar(page).getByRole('searchbox', { name: 'Search products' }).filter({ visible: true });
    await search.fill(word);
    await expectPath(page, '/products');
    const main = page.getByRole('main');
    await expectText(main, `Results for “${word}”`);
    await expectCount(main.getByRole('article'), expected.length);
    for (const p of expected) await expectVisible(productCard(main, p.name));

    await search.fill('zzqx no such grocery');
    await expectVisible(main.getByRole('heading', { name: TEXT.itemNotFound }));
    await expectCount(main.getByRole('article'), 0);

    await main.getByRole('button', { name: 'Show all products' }).click();
    await expectCount(main.getByRole('article'), inStock.length);
  });
});

test('a product page shows MRP, offer price, bullets and related products; Add to Cart asks a visitor to sign in', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const inStock = (await apiProducts(context)).filter((p) => p.inStock);
    const product = inStock.find((p) => p.offerPrice < p.price) ?? inStock[0];
    const related = inStock.filter((p) => p.category === product.category && p._id !== product._id);

    await openShop(page, '/products');
    const main = page.getByRole('main');
    await productCard(main, product.name).getByRole('link', { name: product.name }).click();
    await expectPath(page, `/products/${product.category.toLowerCase()}/${product._id}`);

    await expectVisible(main.getByRole('heading', { name: product.name, level: 1 }));
    const crumbs = main.getByRole('navigation', { name: 'Breadcrumb' });
    await expectVisible(crumbs.getByRole('link', { name: 'Home' }));
    await expectVisible(crumbs.getByRole('link', { name: 'Products' }));
    await expectText(main, `MRP: ${formatPence(toPence(product.price))}`);
    await expectLocatorText(
      main.locator('p', { hasText: 'Offer price:' }),
      new RegExp(`^Offer price: ?${escapeRegExp(formatPence(toPence(product.offerPrice)))}`),
    );
    for (const bullet of product.description) {
      await expectVisible(main.getByRole('listitem').filter({ hasText: bullet }).first(), {
        what: `the bullet "${bullet}"`,
      });
    }
    const relatedSection = main.getByRole('region', { name: 'Related Products' });
    await expectCount(relatedSection.getByRole('article'), Math.min(5, related.length));
    await expectVisible(relatedSection.getByRole('link', { name: 'See more' }));

    await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    const prompt = signInPrompt(page);
    await expectVisible(prompt, { what: `the prompt "${TEXT.notSignedIn}"` });
    await expectVisible(prompt.getByRole('button', { name: 'Sign Up', exact: true }));
    await prompt.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectHidden(prompt, { what: 'the not-signed-in prompt' });
    await expectVisible(navbar(page).getByRole('link', { name: 'Cart, 0 items' }));

    await main.getByRole('button', { name: 'Buy now', exact: true }).click();
    await expectVisible(prompt);
    await prompt.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectVisible(loginModal(page), { what: 'the login modal' });
    await expectVisible(loginModal(page).getByLabel('First name'));
  });
});

test('the footer pages: terms, cookies, privacy in twelve sections, under construction; the loader redirects', async (t) => {
  await inPage(t, browser, async (page) => {
    await openShop(page, '/');
    const footer = page.getByRole('contentinfo');
    const main = page.getByRole('main');

    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await expectPath(page, '/terms-and-conditions');
    await expectVisible(main.getByRole('heading', { level: 1 }));
    await expectText(main, '30 minutes');

    await footer.getByRole('link', { name: 'Cookie Policy' }).click();
    await expectPath(page, '/cookie-policy');
    await expectVisible(main.getByRole('heading', { level: 1 }));

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await expectPath(page, '/privacy-policy');
    await eventually(async () => {
      const sections = await main.getByRole('heading', { level: 2 }).allTextContents();
      assert.equal(sections.filter((h) => /^\d+\.\s/.test(h.trim())).length, 12, 'twelve numbered sections');
    });

    await footer.getByRole('link', { name: 'Facebook' }).click();
    await expectPath(page, '/under-construction');
    await expectVisible(main.getByRole('heading', { name: "We're Under Construction" }));
    await expectText(main, 'This page is coming soon. Thank you for your patience!');

    // The loader waits five seconds by design before it goes to /{next}.
    await page.goto('/loader?next=contact-us');
    await expectVisible(page.getByRole('main').getByRole('status').first());
    const started = Date.now();
    await expectPath(page, '/contact-us', { timeout: 15_000 });
    assert.ok(Date.now() - started >= 3_500, 'the loader waited about five seconds');
    await expectVisible(page.getByRole('heading', { name: 'Contact Us', level: 1 }));
  });
});
