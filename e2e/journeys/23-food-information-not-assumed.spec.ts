// Food information is never assumed: the seller adds a product through the form with only the spec's fields
// (name, description, category, prices, VAT, a picture), ticking no allergen and not "Contains none of the 14
// allergens". Its page says "Allergen information not confirmed" and points an allergic shopper to the contact
// page; the seller's list flags it and the dashboard counts it; and it is absent from "free from milk", in the
// category filter and the search, while a product whose seller confirmed it is free from milk is there.
import { uniqueName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { a11yProblems, loadAllImages, screenshot } from '../support/pages';
import { makePng } from '../support/png';
import { expectToast, openShop, productCard, sellerLogin, sellerMenu } from '../support/shop';

const CATEGORY = { path: 'Bakery', slug: 'bakery', label: 'Bakery & Breads' };
const NOT_CONFIRMED = 'Allergen information not confirmed';

test('a product added with the spec fields only is unconfirmed, and never listed as free from milk', async ({
  page,
  otherPage: shop,
  catalogue,
  seller,
}, testInfo) => {
  const confirmed = await catalogue.add({
    name: uniqueName('Confirmed Rye Loaf'),
    category: CATEGORY.path,
    price: 2.2,
    offerPrice: 2,
    vat: 0,
    allergens: ['gluten'],
  });
  expect(confirmed.allergensConfirmed, 'the seller confirmed its allergens').toBe(true);
  const name = uniqueName('Farmhouse Loaf');

  try {
    // The seller's form, with the spec's fields only.
    await sellerLogin(page);
    await sellerMenu(page).getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL('/seller/add-product');
    const form = page.getByRole('main');
    await form
      .getByLabel('Product image 1')
      .setInputFiles({ name: 'loaf.png', mimeType: 'image/png', buffer: await makePng() });
    await form.getByLabel('Product name').fill(name);
    await form.getByLabel('Product description').fill('Baked this morning');
    await form
      .getByRole('combobox', { name: 'Category', exact: true })
      .selectOption({ label: CATEGORY.label });
    await form.getByLabel('Product price (£)').fill('1.60');
    await form.getByLabel('Offer price (£)').fill('1.40');
    await form.getByLabel('VAT (%)').fill('0');
    const allergens = form.getByRole('group', { name: 'Allergens' });
    await expect(
      allergens.getByRole('checkbox', { name: 'Contains none of the 14 allergens' }),
    ).not.toBeChecked();
    await form.getByRole('button', { name: 'Add Product' }).click();
    await expectToast(page, 'Product added', { timeout: 30_000 });

    const added = await seller.product(name);
    expect(added, 'saved with its allergens not confirmed').toMatchObject({
      allergens: [],
      allergensConfirmed: false,
    });

    // The seller's list flags it, and the dashboard counts it.
    await sellerMenu(page).getByRole('link', { name: 'Product List' }).click();
    await expect(page).toHaveURL('/seller/product-list');
    const flag = page
      .getByRole('main')
      .locator(`a[href$="/edit-product/${added._id}"]`, { hasText: NOT_CONFIRMED })
      .filter({ visible: true });
    await expect(flag, `${name} flagged in the product list`).toHaveCount(1);
    await sellerMenu(page).getByRole('link', { name: 'Dashboard' }).click();
    const count = page
      .getByRole('region', { name: NOT_CONFIRMED })
      .getByTestId('unconfirmed-allergens-count');
    await expect(count).toBeVisible();
    expect(Number(await count.textContent()), 'unconfirmed products counted').toBeGreaterThanOrEqual(1);

    // Its page says so, and asks anyone with an allergy to contact the shop first.
    await openShop(shop, `/products/${CATEGORY.slug}/${added._id}`);
    const main = shop.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name })).toBeVisible();
    const notice = main.getByTestId('allergens-not-confirmed');
    await expect(notice).toContainText(NOT_CONFIRMED);
    await expect(notice).toContainText('please contact us before buying it');
    await expect(notice.getByRole('link', { name: 'Contact us about allergens' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await loadAllImages(shop);
    await screenshot(shop, testInfo, 'allergens-not-confirmed');
    expect(await a11yProblems(shop, testInfo, 'allergens-not-confirmed'), 'no serious axe violations').toBe(
      '',
    );

    // Free from milk: the search leaves it out and keeps the confirmed loaf…
    const freeFromMilk = (await seller.searchByFilters({ freeFrom: ['milk'] })).map((p) => p.name);
    expect(freeFromMilk).toContain(confirmed.name);
    expect(freeFromMilk).not.toContain(name);

    // …and so does the category's filter, ticked on the page.
    await openShop(shop, `/products/${CATEGORY.slug}`);
    const listing = shop.getByRole('main');
    await expect(productCard(listing, name), `${name} listed unfiltered`).toBeVisible();
    await listing.getByText('Free from and diet filters').click();
    await listing
      .getByRole('form', { name: 'Filter products' })
      .getByRole('group', { name: 'Free from' })
      .getByRole('checkbox', { name: 'milk', exact: true })
      .check();
    await expect(shop).toHaveURL(`/products/${CATEGORY.slug}?freeFrom=milk`);
    await expect(productCard(listing, confirmed.name), `${confirmed.name} free from milk`).toBeVisible();
    await expect(productCard(listing, name), `${name} not offered as free from milk`).toBeHidden();

    // A shared link to the filtered category, opened afresh, leaves it out too.
    await openShop(shop, `/products/${CATEGORY.slug}?freeFrom=milk`);
    await expect(productCard(shop.getByRole('main'), confirmed.name)).toBeVisible();
    await expect(productCard(shop.getByRole('main'), name)).toBeHidden();
  } finally {
    const left = (await seller.products()).find((p) => p.name === name);
    if (left) await seller.deleteProduct(left._id);
  }
});
