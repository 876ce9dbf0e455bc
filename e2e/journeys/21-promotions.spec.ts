// A "3 for £5" on a 500 g pack: the shopper sees the deal with its unit price at the deal (£3.33/kg) and when it
// ends on the card and the product page, is told in the basket what completes the deal, completes it, sees the
// saving on the lines and in the totals, finds the saving on the placed order and, once delivered, on its receipt
// ("You saved £1.00"). The seller changes the deal's price on the Promotions page and ends it. Axe-clean basket,
// order and receipt; screenshots on the desktop and the 360 px phone. (The e-mails' savings are checked by the
// API's tests.)
import { newCustomer, uniqueName } from '../support/api';
import { runClockNow } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { a11yProblems, screenshot } from '../support/pages';
import {
  TEXT,
  confirm,
  definition,
  expectToast,
  openShop,
  productCard,
  sellerLogin,
  sellerMenu,
  visibleText,
} from '../support/shop';

/** The London date `days` after the run's today, as YYYY-MM-DD. */
function londonDate(days = 0): string {
  const now = runClockNow() ?? new Date();
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(now.getTime() + days * 86_400_000),
  );
}

test.describe('promotions', { tag: '@phone' }, () => {
  test('a shopper completes "3 for £5" in the basket and sees the saving on the order', async ({
    page,
    api,
    catalogue,
    seller,
    otherPage,
  }, testInfo) => {
    const rice = await catalogue.add({
      name: uniqueName('Basmati Rice 500g'),
      category: 'Bakery',
      price: 2,
      offerPrice: 2,
      vat: 0,
      netQuantity: 500,
      unit: 'g',
      stock: 30,
    });
    const promotion = await seller.createPromotion({
      kind: 'multibuy',
      products: [rice._id],
      quantity: 3,
      price: 5,
      startsAt: londonDate(),
      endsAt: londonDate(7),
    });
    expect(promotion.label).toBe('3 for £5');
    let ended = false;
    try {
      await api.signUp(newCustomer('deals'));
      await api.addAddress();

      // The card: the deal, its unit price at the deal beside the normal one, and when it ends.
      await openShop(page, '/products/bakery');
      const card = productCard(page.getByRole('main'), rice.name);
      const offer = card.getByTestId('promotion');
      await expect(offer).toContainText('3 for £5');
      await expect(offer.getByTestId('promotion-unit-price')).toHaveText('£3.33/kg on offer');
      await expect(card.getByTestId('unit-price')).toHaveText('£4.00/kg');
      await expect(offer).toContainText(/Ends \w{3} \d{1,2} \w{3}/);
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, testInfo, 'promotion-card', { fullPage: false });

      // The product page says the same; one pack goes into the basket.
      await card.getByRole('link', { name: rice.name }).click();
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: rice.name })).toBeVisible();
      await expect(main.getByTestId('promotion')).toContainText('3 for £5');
      await expect(main.getByTestId('promotion-unit-price')).toHaveText('£3.33/kg on offer');
      await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
      await expectToast(page, TEXT.addedToCart);

      // The basket groups the line under its deal and says what completes it.
      await openShop(page, '/cart');
      const deal = page.getByRole('region', { name: '3 for £5' });
      await expect(deal.getByTestId('deal-nudge')).toHaveText('Add 2 more to get 3 for £5');
      const more = deal.getByRole('button', { name: `Increase quantity of ${rice.name}` });
      await more.click();
      await expect(deal.getByTestId('deal-nudge')).toHaveText('Add 1 more to get 3 for £5');
      await more.click();
      await expect(deal.getByTestId('deal-nudge')).toHaveCount(0);
      await expect(visibleText(deal, 'You save £1.00')).toBeVisible();
      const summary = page.getByRole('complementary', { name: 'Order Summary' });
      await expect(definition(summary, 'Price')).toHaveText('£6.00');
      await expect(definition(summary, 'Total savings')).toHaveText('-£1.00');
      await screenshot(page, testInfo, 'promotion-basket');
      expect(await a11yProblems(page, testInfo, 'promotion-basket')).toBe('');

      // Placed: the server charged the deal, and My orders shows the saving.
      await summary.getByRole('group', { name: 'Delivery Date' }).getByRole('radio').check();
      await summary
        .getByRole('group', { name: 'Delivery Time Slot' })
        .getByRole('radio', { name: '10:00 - 11:00' })
        .check();
      await summary.getByRole('button', { name: 'Place Order' }).click();
      await confirm(page, 'Confirm your order', 'Confirm Order');
      await expectToast(page, TEXT.orderPlaced);
      await expect(page).toHaveURL('/my-orders');
      const [placed] = await api.orders();
      const reference = placed!._id.replace(/-/g, '').slice(0, 8).toUpperCase();
      const mine = page.getByRole('article', { name: `Order #${reference}` });
      await expect(mine.getByTestId('line-promotion')).toHaveText('3 for £5: you save £1.00');
      await expect(definition(mine, 'Items')).toHaveText('£6.00');
      await expect(definition(mine, 'Total savings')).toHaveText('-£1.00');
      await screenshot(page, testInfo, 'promotion-order');
      expect(await a11yProblems(page, testInfo, 'promotion-order')).toBe('');

      // Delivered (paid in cash at the door): the receipt says what the deal saved, on its line and in all.
      const total = (await definition(mine, 'Total').textContent())!.trim();
      await seller.moveFulfilment(placed!._id, 'picking');
      await seller.moveFulfilment(placed!._id, 'picked', [{ product: rice._id, picked: 3 }]);
      await seller.moveFulfilment(placed!._id, 'out_for_delivery');
      await seller.moveFulfilment(placed!._id, 'delivered', undefined, {
        collected: { cash: Number(total.replace('£', '')), card: 0 },
      });
      await page.goto(`/my-orders/${placed!._id}/receipt`);
      const receipt = page.getByRole('region', { name: `Receipt #${reference}` });
      const saved = receipt.getByRole('region', { name: 'You saved £1.00' });
      await expect(saved).toBeVisible();
      await expect(definition(saved, '3 for £5')).toHaveText('-£1.00');
      await expect(receipt.getByRole('row', { name: new RegExp(rice.name) })).toContainText(
        '3 for £5: -£1.00',
      );
      await expect(definition(receipt, 'Total')).toHaveText(total);
      await screenshot(page, testInfo, 'promotion-receipt');
      expect(await a11yProblems(page, testInfo, 'promotion-receipt')).toBe('');

      // The seller (on the desktop, in a session of their own) sees it on the dashboard and the Promotions page
      // with the units sold and the saving given, and ends it early.
      if (testInfo.project.name === 'desktop') {
        await sellerLogin(otherPage);
        const today = otherPage.getByRole('region', { name: "Today's promotions" });
        await expect(today).toContainText('3 for £5');
        await sellerMenu(otherPage).getByRole('link', { name: 'Promotions' }).click();
        const card = otherPage.getByRole('article', { name: '3 for £5' }).first();
        await expect(card).toContainText('Running');
        await expect(definition(card, 'Units sold in its deals')).toHaveText('3');
        await expect(definition(card, 'Saving given')).toHaveText('£1.00');
        await screenshot(otherPage, testInfo, 'seller-promotions');
        expect(await a11yProblems(otherPage, testInfo, 'seller-promotions')).toBe('');

        // Changed while it runs: £4.50 for three from now on; a price that saves nothing is refused as the shop says.
        await card.getByRole('button', { name: 'Change' }).click();
        const change = card.getByRole('region', { name: 'Change 3 for £5' });
        const price = change.getByLabel('Deal price (£, with VAT)');
        await expect(price).toHaveValue('5.00');
        await price.fill('6.00');
        await change.getByRole('button', { name: 'Save changes' }).click();
        await expect(change.getByRole('alert')).toHaveText(
          'The deal must cost less than its units at their own prices',
        );
        await price.fill('4.50');
        await screenshot(otherPage, testInfo, 'seller-promotion-change');
        expect(await a11yProblems(otherPage, testInfo, 'seller-promotion-change')).toBe('');
        await change.getByRole('button', { name: 'Save changes' }).click();
        await expectToast(otherPage, 'Promotion updated');
        const changed = otherPage.getByRole('article', { name: '3 for £4.50' }).first();
        await expect(changed).toContainText('Running');

        await changed.getByRole('button', { name: 'End now' }).click();
        await confirm(otherPage, 'End 3 for £4.50 now?', 'End now');
        await expect(changed).toContainText('Ended');
        ended = true;
      }
    } finally {
      if (!ended) await seller.endPromotion(promotion._id);
    }
  });
});
