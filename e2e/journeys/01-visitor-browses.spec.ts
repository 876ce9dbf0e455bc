// A visitor who is not signed in: home, a category, the search, a product and the sign-in prompt,
// the footer's pages and the loader.
import { toPence } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  TEXT,
  escapeRegExp,
  formatPence,
  loginModal,
  navbar,
  openShop,
  productCard,
  signInPrompt,
  visibleText,
} from '../support/shop';

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

test('the home page shows the banner, ten categories, five products and the selling points', async ({
  page,
  api,
}) => {
  const inStock = await api.inStockProducts();
  await openShop(page, '/');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Shop now' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Explore deals' })).toBeVisible();

  const categories = main.getByRole('region', { name: 'Categories' });
  for (const name of CATEGORY_TILES) {
    await expect(
      categories.getByRole('link', { name, exact: true }),
      `the category tile ${name}`,
    ).toBeVisible();
  }

  const groceries = main.getByRole('region', { name: 'Shop groceries' });
  await expect(groceries.getByRole('article')).toHaveCount(Math.min(5, inStock.length));
  const shownNames = await groceries.getByRole('article').getByRole('heading').allTextContents();
  for (const name of shownNames) {
    expect(
      inStock.map((p) => p.name),
      `${name} on the home page is an in-stock product`,
    ).toContain(name.trim());
  }

  const why = main.getByRole('region', { name: 'Why We Are the Best' });
  for (const point of ['Fastest Delivery', 'Freshness Guaranteed', 'Affordable Prices', 'Trusted']) {
    await expect(why.getByRole('heading', { name: point })).toBeVisible();
  }

  const newsletter = main.getByRole('region', { name: 'Never miss a deal!' });
  await newsletter.getByRole('textbox', { name: 'Email address' }).fill('visitor@example.com');
  await newsletter.getByRole('button', { name: 'Subscribe' }).click();
  await expect(visibleText(newsletter, "Thanks! You're on the list.")).toBeVisible();

  for (const group of ['Quick Links', 'Need help?', 'Follow Us']) {
    await expect(page.getByRole('contentinfo').getByRole('navigation', { name: group })).toBeVisible();
  }
});

test('a category tile lists the in-stock products of that category, and /home is the home page too', async ({
  page,
  api,
}) => {
  const fruits = (await api.inStockProducts()).filter((p) => p.category === 'Fruits');
  expect(fruits.length, 'the seeded shop has fruit in stock').toBeGreaterThan(0);

  await openShop(page, '/home');
  await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: 'Fresh Fruits' }).click();
  await expect(page).toHaveURL('/products/fruits');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Fresh Fruits', level: 1 })).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(fruits.length);
  for (const fruit of fruits) await expect(productCard(main, fruit.name)).toBeVisible();
});

test('typing in the navbar search jumps to /products and filters by name; nonsense shows Item not found', async ({
  page,
  api,
}) => {
  const inStock = await api.inStockProducts();
  const word = inStock[Math.floor(inStock.length / 2)].name.split(/\s+/)[0];
  const expected = inStock.filter((p) => p.name.toLowerCase().includes(word.toLowerCase()));

  await openShop(page, '/');
  const search = navbar(page).getByRole('searchbox', { name: 'Search products' }).filter({ visible: true });
  await search.fill(word);
  await expect(page).toHaveURL((url) => url.pathname === '/products');
  const main = page.getByRole('main');
  await expect(visibleText(main, `Results for “${word}”`)).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(expected.length);
  for (const p of expected) await expect(productCard(main, p.name)).toBeVisible();

  await search.fill('zzqx no such grocery');
  await expect(main.getByRole('heading', { name: TEXT.itemNotFound })).toBeVisible();
  await expect(main.getByRole('article')).toHaveCount(0);

  await main.getByRole('button', { name: 'Show all products' }).click();
  await expect(main.getByRole('article')).toHaveCount(inStock.length);
});

test('a product page shows MRP, offer price, bullets and related products; Add to Cart asks a visitor to sign in', async ({
  page,
  api,
}) => {
  const inStock = await api.inStockProducts();
  const product = inStock.find((p) => p.offerPrice < p.price) ?? inStock[0];
  const related = inStock.filter((p) => p.category === product.category && p._id !== product._id);

  await openShop(page, '/products');
  const main = page.getByRole('main');
  await productCard(main, product.name).getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.category.toLowerCase()}/${product._id}$`));

  await expect(main.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  const crumbs = main.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Products' })).toBeVisible();
  // Shoppers are shown prices with VAT.
  // A recommended price (RRP): the shop has not sold it at that price for 28 days.
  await expect(visibleText(main, `RRP: ${formatPence(toPence(product.priceWithVat))}`)).toBeVisible();
  await expect(main.locator('p', { hasText: 'Offer price:' })).toHaveText(
    new RegExp(`^Offer price: ?${escapeRegExp(formatPence(toPence(product.offerPriceWithVat)))}`),
  );
  for (const bullet of product.description) {
    await expect(
      main.getByRole('listitem').filter({ hasText: bullet }).first(),
      `the bullet "${bullet}"`,
    ).toBeVisible();
  }
  const relatedSection = main.getByRole('region', { name: 'Related Products' });
  await expect(relatedSection.getByRole('article')).toHaveCount(Math.min(5, related.length));
  await expect(relatedSection.getByRole('link', { name: 'See more' })).toBeVisible();

  await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  const prompt = signInPrompt(page);
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await prompt.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(prompt).toBeHidden();
  await expect(navbar(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  await main.getByRole('button', { name: 'Buy now', exact: true }).click();
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(loginModal(page)).toBeVisible();
  await expect(loginModal(page).getByLabel('First name')).toBeVisible();
});

test('the footer pages: terms, cookies, privacy in twelve sections, under construction; the loader redirects', async ({
  page,
}) => {
  await openShop(page, '/');
  const footer = page.getByRole('contentinfo');
  const main = page.getByRole('main');

  await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL('/terms-and-conditions');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visibleText(main, '30 minutes')).toBeVisible();

  await footer.getByRole('link', { name: 'Cookie Policy' }).click();
  await expect(page).toHaveURL('/cookie-policy');
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible();

  await footer.getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy-policy');
  await expect(
    main.getByRole('heading', { level: 2, name: /^\d+\.\s/ }),
    'twelve numbered sections',
  ).toHaveCount(12);

  await footer.getByRole('link', { name: 'Facebook' }).click();
  await expect(page).toHaveURL('/under-construction');
  await expect(main.getByRole('heading', { name: "We're Under Construction" })).toBeVisible();
  await expect(visibleText(main, 'This page is coming soon. Thank you for your patience!')).toBeVisible();

  // The loader waits five seconds by design before it goes to /{next}.
  await page.goto('/loader?next=contact-us');
  await expect(page.getByRole('main').getByRole('status').first()).toBeVisible();
  const started = Date.now();
  await expect(page).toHaveURL('/contact-us', { timeout: 15_000 });
  expect(Date.now() - started, 'the loader waited about five seconds').toBeGreaterThanOrEqual(3_500);
  await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
});
