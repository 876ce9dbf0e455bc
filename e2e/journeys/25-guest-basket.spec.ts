// A guest's basket and who the shop is. The shop has saved its business details: the page the server sends (read
// without running any script) names the business in its footer and copyright line. A guest presses Add on a
// product, is asked to sign in, signs up through the prompt, and finds the product in their basket ("Added to
// Cart") with how much more brings free delivery.

import { newCustomer, SHOP_BUSINESS, toPence, uniqueName } from '../support/api';
import { expect, test } from '../support/fixtures';
import { lookedAt } from '../support/pages';
import {
  expectSignedIn,
  expectToast,
  fillSignUpDetails,
  finishWithDevSignIn,
  formatPence,
  loginModal,
  openShop,
  signInPrompt,
  TEXT,
} from '../support/shop';

/** A page's text as the server sent it, without React's markers between the parts of a sentence. */
const serverText = (html: string) => html.replace(/<!-- -->/g, '');

test.describe("a guest's basket and who the shop is", () => {
  test('the saved business in the server-rendered footer; a guest adds, signs up and finds it in the basket', async ({
    page,
    seller,
    catalogue,
    request,
  }) => {
    // The business details saved: every page the server renders names the business, at once.
    await seller.saveBusinessDetails();
    const sent = await request.get('/', { headers: { accept: 'text/html' } });
    expect(sent.ok()).toBe(true);
    const html = serverText(await sent.text());
    expect(html).toContain(`Larder is run by ${SHOP_BUSINESS.legalName}, ${SHOP_BUSINESS.address}.`);
    expect(html).toMatch(
      new RegExp(`© \\d{4} ${SHOP_BUSINESS.legalName}, ${SHOP_BUSINESS.address}\\. All rights reserved\\.`),
    );
    expect(html).not.toContain('London, UK');

    // A product well below the free-delivery threshold, without VAT (its price shown is its price before VAT).
    const settings = await seller.shipping();
    const threshold = toPence(settings.shippingThreshold);
    expect(threshold, 'a free-delivery threshold above £1').toBeGreaterThan(100);
    const price = Math.floor(threshold / 4);
    const jam = await catalogue.add({
      name: uniqueName('Guest Jam'),
      category: 'Bakery',
      price: (price + 40) / 100,
      offerPrice: price / 100,
      vat: 0,
      stock: 20,
    });

    // The guest presses Add on the product's page: the spec's prompt; they sign up from it.
    await openShop(page, `/products/${jam.category.toLowerCase()}/${jam._id}`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: jam.name, level: 1 })).toBeVisible();
    await main.getByRole('button', { name: /^Add to Cart$/ }).click();
    const prompt = signInPrompt(page);
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: 'Sign Up' }).click();
    const modal = loginModal(page);
    await expect(modal.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    const guest = newCustomer('guest-basket');
    await fillSignUpDetails(modal, guest);
    await modal.getByRole('button', { name: 'Continue', exact: true }).click();
    await finishWithDevSignIn(page, modal);
    await expectSignedIn(page, guest.firstName);
    // The Add that opened the prompt is done now.
    await expectToast(page, TEXT.addedToCart);

    await openShop(page, '/cart');
    const items = page.getByRole('list', { name: 'Cart items' });
    await expect(items.getByRole('listitem').filter({ hasText: jam.name })).toHaveCount(1);
    await expect(
      page.getByText(`Spend ${formatPence(threshold - price)} more for free delivery`),
    ).toBeVisible();
    await expect(page.getByTestId('order-totals')).toContainText('Shipping Fee');
    await lookedAt(page, 'guest-basket');

    // The terms name the business too.
    await openShop(page, '/terms-and-conditions');
    await expect(
      page.getByText(`run by ${SHOP_BUSINESS.legalName}, ${SHOP_BUSINESS.address}, delivering`),
    ).toBeVisible();
  });
});
