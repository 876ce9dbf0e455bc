// Food and drink law a UK grocer meets in 2026: the owner turns the food promotion rules on (SI 2021/1368, 50 or
// more employees); a "3 for £5" on a less healthy product is refused with its message on the Promotions page; the
// home page stops showing the product while a search still finds it; alcohol waits for the licensed hours, which
// the Picking page says before anyone tries; a failed ID check at the door appears in the refusals log. The
// shop's settings are put back as they were at the end (other journeys share the shop).
import { newCustomer, uniqueName, orderRef } from '../support/api';
import { runClockNow } from '../support/clock';
import { expect, test } from '../support/fixtures';
import { a11yProblems, screenshot } from '../support/pages';
import { openShop, sellerLogin, sellerMenu } from '../support/shop';

/** The London date `days` after the run's today, as YYYY-MM-DD. */
function londonDate(days = 0): string {
  const now = runClockNow() ?? new Date();
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(now.getTime() + days * 86_400_000),
  );
}

/** Chocolate biscuits per 100 g: the nutrient profiling model scores them 22 (less healthy). */
const BISCUITS = {
  energyKj: 2100,
  energyKcal: 502,
  fat: 24,
  saturates: 15,
  carbohydrate: 64,
  sugars: 30,
  fibre: 2,
  protein: 6,
  salt: 0.5,
};

test.describe('food and drink law', () => {
  test('less healthy products leave multi-buys and the home page; alcohol waits for licensed hours; refusals are logged', async ({
    page,
    otherPage: shopperPage,
    api: customer,
    seller,
  }, testInfo) => {
    try {
      // Less healthy biscuits (added before the seller's pages load the product list).
      const biscuits = await seller.addProduct({
        name: uniqueName('Chocolate Digestives'),
        category: 'Bakery',
        price: 2,
        offerPrice: 2,
        vat: 20,
        stock: 40,
        nutrition: BISCUITS,
        fruitVegNuts: 0,
        hfssCategory: 'sweet-biscuits',
      });

      // The owner turns the food promotion rules on in Settings.
      await sellerLogin(page);
      await sellerMenu(page).getByRole('link', { name: 'Settings' }).click();
      const rules = page.getByRole('region', { name: 'Food promotion rules' });
      await expect(rules).toContainText('50 or more employees');
      await rules
        .getByRole('checkbox', { name: 'The food promotion rules apply to Larder (50 or more employees)' })
        .check();
      await expect(rules.getByRole('status')).toHaveText('Food promotion setting saved.');
      expect(await a11yProblems(page, testInfo, 'food-promotion-settings')).toBe('');

      // A "3 for £5" on them is refused with the regulations' reason.
      await sellerMenu(page).getByRole('link', { name: 'Promotions' }).click();
      const form = page.getByRole('region', { name: 'Create a promotion' });
      await form.getByRole('checkbox', { name: biscuits.name }).check();
      await form.getByLabel('Units in a deal').fill('3');
      await form.getByLabel('Deal price (£, with VAT)').fill('5');
      await form.getByLabel('First day').fill(londonDate());
      await form.getByLabel('Last day').fill(londonDate(7));
      await form.getByRole('button', { name: 'Create promotion' }).click();
      await expect(form.getByRole('alert')).toHaveText(
        `${biscuits.name} is less healthy (HFSS) and cannot be in a multi-buy or free offer.`,
      );
      await screenshot(page, testInfo, 'hfss-promotion-refused', { fullPage: false });

      // The home page's rows leave them out; the shopper's own search still finds them.
      await openShop(shopperPage, '/');
      const groceries = shopperPage.getByRole('region', { name: 'Shop groceries' });
      await expect(groceries.getByRole('article').first()).toBeVisible();
      await expect(groceries).not.toContainText(biscuits.name);
      await openShop(shopperPage, `/products?q=${encodeURIComponent(biscuits.name)}`);
      await expect(shopperPage.getByRole('main')).toContainText(biscuits.name);

      // Two orders of wine: one is picked and delivered now, within the licensed hours, and fails its ID check.
      const wine = await seller.addProduct({
        name: uniqueName('Claret 75cl'),
        category: 'Drinks',
        price: 9,
        offerPrice: 9,
        vat: 20,
        stock: 20,
        ageRestricted: true,
      });
      const bread = await seller.addProduct({
        name: uniqueName('Farmhouse Loaf'),
        category: 'Bakery',
        price: 1.5,
        offerPrice: 1.5,
        vat: 0,
        stock: 20,
      });
      await customer.signUp(newCustomer('licensed'));
      const address = await customer.addAddress();
      const delivered = await customer.placeOrder({
        lines: [
          { product: wine, quantity: 1 },
          { product: bread, quantity: 1 },
        ],
        addressId: address._id,
      });
      const waiting = await customer.placeOrder({
        lines: [{ product: wine, quantity: 1 }],
        addressId: address._id,
      });
      const { date } = await customer.deliverySlots();
      await seller.moveFulfilment(delivered, 'picking');
      await seller.moveFulfilment(delivered, 'picked', [
        { product: wine._id, picked: 1 },
        { product: bread._id, picked: 1 },
      ]);
      await seller.moveFulfilment(delivered, 'out_for_delivery');
      await seller.moveFulfilment(delivered, 'delivered', undefined, {
        idCheck: 'failed',
        collected: { cash: 10, card: 0 },
      });

      // The licence's hours now exclude the journey's 10:00: the Picking page says alcohol waits.
      await seller.setLicensedHours('23:00', '23:30');
      await sellerMenu(page).getByRole('link', { name: 'Picking' }).click();
      await page.getByLabel('Delivery date').fill(date);
      await expect(
        page.getByRole('article', { name: new RegExp(`^Order #${orderRef(waiting)}`) }),
      ).toBeVisible();
      await expect(page.getByRole('note')).toHaveText(
        "Outside the licensed hours: 18+ products wait. Alcohol can be picked between 23:00 and 23:30 under the shop's licence.",
      );
      await screenshot(page, testInfo, 'alcohol-waits', { fullPage: false });

      // The failed ID check is in the refusals log.
      await sellerMenu(page).getByRole('link', { name: 'Refusals' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Refusals log' })).toBeVisible();
      const row = page.getByRole('row').filter({ hasText: `#${orderRef(delivered)}` });
      await expect(row).toContainText(wine.name);
      await expect(row).toContainText('ID check failed (Challenge 25)');
      expect(await a11yProblems(page, testInfo, 'refusals-log')).toBe('');
      await screenshot(page, testInfo, 'refusals-log', { fullPage: false });
    } finally {
      await seller.setFoodPromotion(false);
      await seller.setLicensedHours('08:00', '23:00');
    }
  });
});
