// Shoppers are shown every price with VAT (Price Marking Order 2004): a bottle of wine reads the same price with
// VAT on its card, on its page (with the MRP and the unit price of the price with VAT), in the basket, whose
// total says the VAT it includes instead of adding it, and in My orders. As an alcoholic drink it carries no
// traffic lights. (The order e-mail's prices with VAT are checked by the API's tests: journeys cannot read mail.)
import { newCustomer, priceLines, toPence, withVatPence } from '../support/api';
import { expect, test } from '../support/fixtures';
import { screenshot } from '../support/pages';
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
  visibleText,
} from '../support/shop';

/** An 18+ wine of the demo catalogue, with VAT at 20%. */
const WINE = 'Spanish Tempranillo Red Wine 75cl';

test('wine shows its price with VAT on its card, its page, in the basket and in My orders', async ({
  page,
  api,
}, testInfo) => {
  const wine = await api.product(WINE);
  expect(wine.vat, `${WINE} carries VAT`).toBeGreaterThan(0);
  const shown = withVatPence(wine.offerPrice, wine.vat);
  const mrp = withVatPence(wine.price, wine.vat);
  expect(toPence(wine.offerPriceWithVat), 'the API gives the offer price with VAT').toBe(shown);
  expect(toPence(wine.priceWithVat), 'the API gives the MRP with VAT').toBe(mrp);
  expect(shown, 'VAT makes the price shown dearer than the price before VAT').toBeGreaterThan(
    toPence(wine.offerPrice),
  );
  // 750 ml: the price per litre is four thirds of the price shown, rounded half up.
  expect(wine.unitPrice).toEqual({ amount: Math.round((shown * 4) / 3) / 100, per: 'litre' });
  const unitPrice = `£${wine.unitPrice!.amount.toFixed(2)}/litre`;

  await api.signUp(newCustomer('vat'));
  await api.addAddress();

  // The card: the price with VAT first, the MRP with VAT struck through, the unit price of the price with VAT.
  await openShop(page, '/products/drinks');
  const card = productCard(page.getByRole('main'), wine.name);
  await expect(card).toContainText(`Offer price ${formatPence(shown)}`);
  // A recommended price (RRP), struck through: the shop has not sold it at that price for 28 days.
  await expect(card.locator('del')).toHaveText(formatPence(mrp));
  await expect(card).toContainText(`RRP ${formatPence(mrp)}`);
  await expect(card.getByTestId('unit-price')).toHaveText(unitPrice);
  await expect(card).not.toContainText(formatPence(toPence(wine.offerPrice)));
  await screenshot(page, testInfo, 'drinks-cards');

  // The page: the same, and no VAT "added at checkout".
  await card.getByRole('link', { name: wine.name }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: wine.name })).toBeVisible();
  await expect(main.locator('p', { hasText: 'Offer price:' })).toHaveText(
    new RegExp(`^Offer price:\\s*${escapeRegExp(formatPence(shown))}\\s*${escapeRegExp(unitPrice)}`),
  );
  await expect(main.locator('p', { hasText: 'RRP:' }).locator('del')).toHaveText(formatPence(mrp));
  await expect(visibleText(main, `Includes VAT at ${wine.vat}%`)).toBeVisible();
  await expect(main.getByText(/added at checkout/)).toHaveCount(0);
  await expect(page).toHaveTitle(`${wine.name} – ${formatPence(shown)} | Larder`);
  // An alcoholic drink: its nutrition table as the seller gave it, but no traffic lights.
  await expect(main.getByTestId('nutrition-table')).toBeVisible();
  await expect(main.getByRole('list', { name: /Front of pack nutrition/ })).toHaveCount(0);
  await screenshot(page, testInfo, 'wine-page');

  // The basket: two bottles at the price shown; the total includes the VAT rather than adding it.
  await main.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expectToast(page, TEXT.addedToCart);
  await navbar(page).getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page).toHaveURL('/cart');
  await page.getByRole('button', { name: `Increase quantity of ${wine.name}` }).click();
  await expect(navbar(page).getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  const line = page
    .getByRole('list', { name: 'Cart items' })
    .getByRole('listitem')
    .filter({ hasText: wine.name });
  await expect(visibleText(line, formatPence(shown * 2))).toBeVisible();
  await expect(line.getByText(/% VAT/)).toHaveCount(0);
  const totals = priceLines([{ product: wine, quantity: 2 }], await api.shipping());
  expect(totals.goods + totals.vat, 'the lines shown add up to goods and VAT').toBe(shown * 2);
  const summary = page.getByRole('complementary', { name: 'Order Summary' });
  await expect(definition(summary, 'Price')).toHaveText(formatPence(shown * 2));
  await expect(definition(summary, 'Total Amount:')).toHaveText(formatPence(totals.total));
  await expect(visibleText(summary, `includes VAT ${formatPence(totals.vatIncluded)}`)).toBeVisible();
  await expect(summary.getByText('Tax (VAT)')).toHaveCount(0);
  await screenshot(page, testInfo, 'cart');

  // Placed (an adult, who says so): My orders shows the same prices.
  await summary.getByRole('group', { name: 'Delivery Date' }).getByRole('radio').check();
  await summary
    .getByRole('group', { name: 'Delivery Time Slot' })
    .getByRole('radio', { name: '11:00 - 12:00' })
    .check();
  await summary.getByRole('checkbox', { name: TEXT.ageConfirmLabel }).check();
  await summary.getByRole('button', { name: 'Place Order' }).click();
  await confirm(page, 'Confirm your order', 'Confirm Order');
  await expectToast(page, TEXT.orderPlaced);
  await expect(page).toHaveURL('/my-orders');
  const [placed] = await api.orders();
  expect(placed).toMatchObject({ amount: totals.total / 100, totalVat: totals.vat / 100 });
  const reference = placed!._id.replace(/-/g, '').slice(0, 8).toUpperCase();
  const mine = page.getByRole('article', { name: `Order #${reference}` });
  await expect(visibleText(mine, `Qty: 2 × ${formatPence(shown)}`)).toBeVisible();
  await expect(definition(mine, 'Items')).toHaveText(formatPence(shown * 2));
  await expect(visibleText(mine, `includes VAT ${formatPence(totals.vatIncluded)}`)).toBeVisible();
});
