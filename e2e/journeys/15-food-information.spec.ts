// What a food shop owes its shoppers before they buy: a product's pack and unit price, nutrition with the
// front-of-pack traffic lights, storage, origin and the business responsible; free-from and diet filters on a
// category that work with and without JavaScript; and an 18+ product, marked as such, that checks out only
// once the shopper confirms their age, with the seller told to check ID at the door.
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { newCustomer, SHOP_AS_BUSINESS, type FoodFilters, type Product, type ShopApi } from '../support/api';
import { expect, test } from '../support/fixtures';
import { a11yProblems, loadAllImages, screenshot } from '../support/pages';
import {
  TEXT,
  confirm,
  definition,
  escapeRegExp,
  expectToast,
  formatPence,
  navbar,
  openShop,
  productCard,
  sellerLogin,
  sellerMenu,
  visibleText,
} from '../support/shop';

/** A demo product with nutrition that shows all three traffic-light levels (and no producer of its own). */
const ICE_CREAM = 'Vanilla Ice Cream 1L';
/** A demo category with a product containing gluten, one free from it but not vegan, and vegan ones. */
const CATEGORY = { slug: 'drinks', path: 'Drinks', title: 'Cold Drinks' };
const FILTERS: Required<FoodFilters> = { freeFrom: ['gluten'], diet: 'vegan' };
/** An 18+ product of the demo catalogue. */
const CIDER = 'Medium Dry Apple Cider 500ml';
/** What the search API answers at most: a filter answer this long may have left products out. */
const SEARCH_LIMIT = 50;

const productPage = (product: Product): string =>
  `/products/${product.category.toLowerCase()}/${product._id}`;

/** "£2.50/litre": how the shop prints the unit price the API works out. */
function unitPriceText(product: Product): string {
  const unitPrice = product.unitPrice;
  expect(unitPrice, `${product.name} has a unit price`).toBeDefined();
  return `£${unitPrice!.amount.toFixed(2)}/${unitPrice!.per}`;
}

/** "250g", "1L", "x4": the pack as the product page prints it. */
function packText(product: Product): string {
  const n = String(product.netQuantity);
  return product.unit === 'each' ? `x${n}` : product.unit === 'l' ? `${n}L` : `${n}${product.unit}`;
}

const grams = (value: number) => `${value.toFixed(1)}g`;
const LEVEL_WORDS = { low: 'Low', medium: 'Medium', high: 'High' } as const;
const LIGHTS = [
  ['fat', 'Fat'],
  ['saturates', 'Saturates'],
  ['sugars', 'Sugars'],
  ['salt', 'Salt'],
] as const;

/** Takes the full-page screenshot and fails with every serious or critical axe violation and broken picture. */
async function lookAt(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const broken = await loadAllImages(page);
  await expect(page.locator('[aria-busy="true"]').first(), 'the loading placeholders').toBeHidden();
  await screenshot(page, testInfo, name);
  const problems = [
    broken.length ? `${name}: broken pictures ${broken.join(', ')}` : '',
    await a11yProblems(page, testInfo, name),
  ];
  expect(problems.filter(Boolean).join('\n\n'), 'no broken pictures and no serious axe violations').toBe('');
}

/** The names on the product cards of the page's listing. */
function cardNames(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .getByRole('article')
    .getByRole('heading')
    .allTextContents()
    .then((names) => names.map((name) => name.trim()).sort());
}

/** The in-stock products of the category the search API says pass the filters, by name. */
async function expectedNames(api: ShopApi, filters: FoodFilters): Promise<string[]> {
  const passing = await api.searchByFilters(filters);
  expect(passing.length, 'the search answer is complete (shorter than its limit)').toBeLessThan(SEARCH_LIMIT);
  return passing
    .filter((p) => p.category === CATEGORY.path && p.inStock)
    .map((p) => p.name)
    .sort();
}

async function noScriptPage(browser: Browser, baseURL: string | undefined, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  return context.newPage();
}

const filterForm = (scope: Page | Locator) => scope.getByRole('form', { name: 'Filter products' });

test.describe('food information', { tag: '@phone' }, () => {
  test('a product page shows the pack, unit price, nutrition, traffic lights and who is responsible', async ({
    page,
    api,
  }, testInfo) => {
    const product = await api.product(ICE_CREAM);
    const nutrition = product.nutrition!;
    const lights = product.trafficLights!;
    expect(nutrition, `${ICE_CREAM} has nutrition`).toBeTruthy();
    expect(lights, `${ICE_CREAM} has traffic lights`).toBeTruthy();
    expect(new Set(Object.values(lights)), 'the product shows every level').toEqual(
      new Set(['low', 'medium', 'high']),
    );
    const price = `£${product.offerPriceWithVat.toFixed(2)}`;
    const unitPrice = unitPriceText(product);
    // 1 litre at the price shoppers see (with VAT): the price per litre is that price itself.
    expect(product.unitPrice).toEqual({ amount: product.offerPriceWithVat, per: 'litre' });

    await openShop(page, productPage(product));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page).toHaveTitle(`${product.name} – ${price} | Larder`);

    // The unit price beside the offer price.
    const offer = visibleText(main, 'Offer price:').locator('xpath=..');
    await expect(offer).toHaveText(
      new RegExp(`^Offer price:\\s*${escapeRegExp(price)}\\s*${escapeRegExp(unitPrice)}`),
    );
    await expect(main.getByRole('list', { name: 'Suitable for' })).toHaveText(/Vegetarian$/);

    // Nutrition per 100 ml (sold by volume), with the lights in words as well as colour.
    const section = main.getByRole('region', { name: 'Nutrition' });
    const lightList = section.getByRole('list', { name: 'Front of pack nutrition per 100ml' });
    await expect(lightList.getByRole('listitem')).toHaveCount(4);
    for (const [key, label] of LIGHTS) {
      await expect(
        lightList.getByRole('listitem').filter({ hasText: label }),
        `the ${label} light`,
      ).toHaveText(
        new RegExp(`^${label}\\s*${escapeRegExp(grams(nutrition[key]))}\\s*${LEVEL_WORDS[lights[key]]}$`),
      );
    }
    const table = section.getByRole('table', { name: 'Nutrition per 100ml' });
    await expect(table.getByRole('columnheader')).toHaveText(['Typical values', 'Per 100ml']);
    const rows = [
      `Energy ${nutrition.energyKj}kJ / ${nutrition.energyKcal}kcal`,
      `Fat ${grams(nutrition.fat)}`,
      `of which saturates ${grams(nutrition.saturates)}`,
      `Carbohydrate ${grams(nutrition.carbohydrate)}`,
      `of which sugars ${grams(nutrition.sugars)}`,
      ...(nutrition.fibre === null ? [] : [`Fibre ${grams(nutrition.fibre)}`]),
      `Protein ${grams(nutrition.protein)}`,
      `Salt ${grams(nutrition.salt)}`,
    ];
    for (const row of rows) await expect(table.getByRole('row', { name: row, exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(rows.length + 1);
    await expect(section.getByText(TEXT.referenceIntake, { exact: true })).toBeVisible();

    const details = main.getByRole('region', { name: 'Product details' });
    await expect(definition(details, 'Pack size')).toHaveText(packText(product));
    await expect(definition(details, 'Storage')).toHaveText(product.storage!);
    await expect(definition(details, 'Origin')).toHaveText(product.origin!);
    // Sold under the shop's own name: the shop is the business responsible (by its saved business details once a
    // journey has saved them).
    expect(product.producer).toBeNull();
    await expect(definition(details, 'Business responsible')).toHaveText(SHOP_AS_BUSINESS);

    // The picture's frame keeps to the square picture, however long the food information beside it.
    const picture = main.getByRole('img', { name: product.name, exact: true });
    await expect(picture).toBeVisible();
    const frame = await picture.locator('xpath=..').boundingBox();
    const image = await picture.boundingBox();
    expect(frame!.height, 'the picture frame is no taller than the picture').toBeLessThanOrEqual(
      image!.height + 4,
    );

    await lookAt(page, testInfo, 'food-product');

    // What a search engine reads: the unit price in the offer's structured data.
    const html = await (
      await page.request.get(productPage(product), { headers: { accept: 'text/html' } })
    ).text();
    const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { '@type': string; offers?: Record<string, unknown> })
      .find((data) => data['@type'] === 'Product');
    expect(ld?.offers?.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      price: product.unitPrice!.amount.toFixed(2),
      priceCurrency: 'GBP',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'LTR' },
    });
  });

  test('the unit price is on the category card and the cart line', async ({ page, api }) => {
    const product = await api.product(ICE_CREAM);
    const unitPrice = unitPriceText(product);
    await api.signUp(newCustomer('unit-price'));

    await openShop(page, '/products/dairy');
    const card = productCard(page.getByRole('main'), product.name);
    await expect(card).toContainText(unitPrice);
    await card.getByRole('button', { name: `Add ${product.name} to cart` }).click();
    await expectToast(page, TEXT.addedToCart);

    await navbar(page).getByRole('link', { name: 'Cart, 1 item' }).click();
    await expect(page).toHaveURL('/cart');
    const line = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: product.name }) });
    await expect(line).toContainText(unitPrice);
  });

  test('a category filtered by free-from and diet as the boxes are ticked, in the URL', async ({
    page,
    api,
  }, testInfo) => {
    const freeOfGluten = await expectedNames(api, { freeFrom: FILTERS.freeFrom });
    const veganFreeOfGluten = await expectedNames(api, FILTERS);
    const all = (await api.inStockProducts()).filter((p) => p.category === CATEGORY.path).map((p) => p.name);
    expect(veganFreeOfGluten.length, 'some products pass both filters').toBeGreaterThan(0);
    expect(freeOfGluten.length, 'the diet leaves some out').toBeGreaterThan(veganFreeOfGluten.length);
    expect(all.length, 'free-from leaves some out').toBeGreaterThan(freeOfGluten.length);

    await openShop(page, `/products/${CATEGORY.slug}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: CATEGORY.title })).toBeVisible();
    await expect.poll(() => cardNames(page)).toEqual([...all].sort());

    await main.getByText('Free from and diet filters').click();
    const form = filterForm(main);
    // Once the page is live the boxes apply at once: no button to press.
    await expect(form.getByRole('button', { name: 'Apply filters' })).toBeHidden();
    await form
      .getByRole('group', { name: 'Free from' })
      .getByRole('checkbox', { name: 'gluten', exact: true })
      .check();
    await expect(page).toHaveURL(`/products/${CATEGORY.slug}?freeFrom=gluten`);
    await expect
      .poll(() => cardNames(page), { message: 'the products free from gluten' })
      .toEqual(freeOfGluten);

    await form.getByRole('group', { name: 'Diet' }).getByRole('radio', { name: 'Vegan' }).check();
    await expect(page).toHaveURL(`/products/${CATEGORY.slug}?freeFrom=gluten&diet=vegan`);
    await expect
      .poll(() => cardNames(page), { message: 'the vegan products free from gluten' })
      .toEqual(veganFreeOfGluten);
    await expect(main.getByText('(no gluten, Vegan)')).toBeVisible();
    await lookAt(page, testInfo, 'food-filtered-category');

    // A vegan product opened from the filtered list carries the Vegan mark.
    const first = veganFreeOfGluten[0]!;
    await productCard(main, first).getByRole('link', { name: first }).click();
    await expect(main.getByRole('heading', { level: 1, name: first })).toBeVisible();
    await expect(main.getByRole('list', { name: 'Suitable for' })).toHaveText(/Vegan$/);
  });

  test('a shared filtered link opens filtered, with the boxes ticked', async ({ page, api }) => {
    const expected = await expectedNames(api, FILTERS);
    await openShop(page, `/products/${CATEGORY.slug}?freeFrom=gluten&diet=vegan`);
    const form = filterForm(page.getByRole('main'));
    await expect(form.getByRole('checkbox', { name: 'gluten', exact: true })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'Vegan' })).toBeChecked();
    await expect.poll(() => cardNames(page)).toEqual(expected);
  });

  test('without JavaScript the filters are a form that the server answers', async ({
    browser,
    baseURL,
    page,
    api,
  }) => {
    const expected = await expectedNames(api, FILTERS);
    const plain = await noScriptPage(browser, baseURL, page);
    try {
      await plain.goto(`/products/${CATEGORY.slug}`);
      const main = plain.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: CATEGORY.title })).toBeVisible();
      await main.getByText('Free from and diet filters').click();
      const form = filterForm(main);
      await form.getByRole('checkbox', { name: 'gluten', exact: true }).check();
      await form.getByRole('radio', { name: 'Vegan' }).check();
      await form.getByRole('button', { name: 'Apply filters' }).click();

      await expect(plain).toHaveURL(`/products/${CATEGORY.slug}?freeFrom=gluten&diet=vegan`);
      await expect(plain.locator('#root')).toHaveAttribute('data-rendered', 'storefront');
      await expect.poll(() => cardNames(plain)).toEqual(expected);
      await expect(filterForm(plain.getByRole('main')).getByRole('radio', { name: 'Vegan' })).toBeChecked();
    } finally {
      await plain.context().close();
    }
  });

  test('an 18+ product checks out only once the shopper confirms their age; the seller is told to check ID', async ({
    page,
    api,
    otherPage: sellerPage,
  }) => {
    const cider = await api.product(CIDER);
    expect(cider.ageRestricted, `${CIDER} is sold to adults only`).toBe(true);
    await api.signUp(newCustomer('adult'));
    await api.addAddress();

    await openShop(page, '/products/drinks');
    const card = productCard(page.getByRole('main'), cider.name);
    await expect(card.getByText(TEXT.ageRestricted, { exact: true })).toBeVisible();
    await card.getByRole('link', { name: cider.name }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: cider.name })).toBeVisible();
    // The product's own notice (related products further down may be 18+ too).
    await expect(main.getByText(TEXT.ageRestricted, { exact: true }).first()).toBeVisible();
    await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expectToast(page, TEXT.addedToCart);

    await navbar(page).getByRole('link', { name: 'Cart, 1 item' }).click();
    await expect(page).toHaveURL('/cart');
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    const tick = summary.getByRole('checkbox', { name: TEXT.ageConfirmLabel });
    await expect(tick).not.toBeChecked();
    await summary.getByRole('group', { name: 'Delivery Date' }).getByRole('radio').check();
    await summary
      .getByRole('group', { name: 'Delivery Time Slot' })
      .getByRole('radio', { name: '11:00 - 12:00' })
      .check();

    await summary.getByRole('button', { name: 'Place Order' }).click();
    await expectToast(page, TEXT.ageConfirmationRequired);
    await expect(tick, 'the message is tied to the box').toHaveAccessibleDescription(
      TEXT.ageConfirmationRequired,
    );
    await expect(page.getByRole('alertdialog', { name: 'Confirm your order' })).toBeHidden();
    expect(await api.orders(), 'no order was placed').toEqual([]);

    await tick.check();
    await summary.getByRole('button', { name: 'Place Order' }).click();
    await confirm(page, 'Confirm your order', 'Confirm Order');
    await expectToast(page, TEXT.orderPlaced);
    await expect(page).toHaveURL('/my-orders');
    const [placed] = await api.orders();
    expect(placed?.items.map((item) => item.name)).toEqual([cider.name]);
    const reference = placed!._id.replace(/-/g, '').slice(0, 8).toUpperCase();
    const mine = page.getByRole('article', { name: `Order #${reference}` });
    await expect(visibleText(mine, cider.name)).toBeVisible();
    await expect(
      visibleText(mine, `Qty: 1 × ${formatPence(Math.round(cider.offerPriceWithVat * 100))}`),
    ).toBeVisible();

    // The seller sees that the order needs an ID check at the door.
    await sellerLogin(sellerPage);
    await sellerMenu(sellerPage).getByRole('link', { name: 'Orders' }).click();
    await expect(sellerPage).toHaveURL('/seller/orders');
    const order = sellerPage.getByRole('article', { name: `Order #${reference}` });
    await expect(visibleText(order, `${cider.name} x 1`)).toBeVisible();
    await expect(definition(order, 'Age check')).toHaveText(TEXT.ageCheckAtDoor);
  });
});
