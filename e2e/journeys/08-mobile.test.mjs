// On a 360 px phone (the narrowest the shop supports): the drawer replaces the navbar links, opens, navigates and closes; pages fit the width.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PHONE, inPage, useBrowser } from '../support/browser.mjs';
import { apiProducts, apiSetCart, apiSignUp, newCustomer } from '../support/api.mjs';
import { expectHidden, expectPath, expectVisible } from '../support/expect.mjs';
import { fillSignUpDetails, finishWithDevSignIn, loginModal, navbar, openShop } from '../support/shop.mjs';

const browser = useBrowser();

function drawer(page) {
  return page.getByRole('dialog', { name: 'Menu' });
}

async function openDrawer(page) {
  await navbar(page).getByRole('button', { name: 'Open menu' }).click();
  await expectVisible(drawer(page), { what: 'the mobile drawer' });
  return drawer(page);
}

/** The page is no wider than the phone (nothing pushes a horizontal scroll bar). */
async function expectFitsWidth(page, what) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${what} is ${scrollWidth} px wide on a ${innerWidth} px screen`);
}

test('a visitor on a phone opens the drawer, goes to All Product and Contact, and signs up from it', async (t) => {
  await inPage(
    t,
    browser,
    async (page) => {
      await openShop(page, '/');
      await expectHidden(navbar(page).getByRole('link', { name: 'All Product', exact: true }), {
        what: 'the desktop navbar links',
      });
      await expectFitsWidth(page, 'the home page');

      let menu = await openDrawer(page);
      for (const name of ['Home', 'All Product', 'Contact'])
        await expectVisible(menu.getByRole('link', { name, exact: true }));
      await menu.getByRole('link', { name: 'All Product', exact: true }).click();
      await expectPath(page, '/products');
      await expectHidden(drawer(page), { what: 'the drawer after choosing a link' });
      await expectVisible(page.getByRole('main').getByRole('article').first());
      await expectFitsWidth(page, 'the products page');

      menu = await openDrawer(page);
      await page.keyboard.press('Escape');
      await expectHidden(drawer(page));
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      assert.equal(focused, 'Open menu', 'focus returns to the menu button');

      menu = await openDrawer(page);
      await menu.getByRole('link', { name: 'Contact', exact: true }).click();
      await expectPath(page, '/contact-us');
      await expectVisible(page.getByRole('heading', { name: 'Contact Us', level: 1 }));
      await expectFitsWidth(page, 'the contact page');

      menu = await openDrawer(page);
      await menu.getByRole('button', { name: 'Sign up' }).click();
      const modal = loginModal(page);
      await expectVisible(modal);
      await fillSignUpDetails(modal, newCustomer('phone'));
      await modal.getByRole('button', { name: 'Continue', exact: true }).click();
      await finishWithDevSignIn(page, modal);
      menu = await openDrawer(page);
      await expectVisible(menu.getByText('Signed in as'));
    },
    PHONE,
  );
});

test('a signed-in customer on a phone reaches My Orders and the cart from the drawer and the navbar', async (t) => {
  await inPage(
    t,
    browser,
    async (page, context) => {
      const customer = newCustomer('phone-orders');
      await apiSignUp(context, customer);
      const product = (await apiProducts(context)).filter((p) => p.inStock)[0];
      await apiSetCart(context, { [product._id]: 2 });

      await openShop(page, `/products/${product.category.toLowerCase()}/${product._id}`);
      await expectVisible(page.getByRole('heading', { name: product.name, level: 1 }));
      await expectFitsWidth(page, 'the product page');

      const menu = await openDrawer(page);
      await expectVisible(menu.getByText(`Signed in as ${customer.firstName}`));
      await menu.getByRole('link', { name: 'My Orders' }).click();
      await expectPath(page, '/my-orders');
      await expectVisible(page.getByRole('heading', { name: 'My Orders', level: 1 }));

      await navbar(page).getByRole('link', { name: 'Cart, 2 items' }).click();
      await expectPath(page, '/cart');
      await expectVisible(
        page.getByRole('complementary', { name: 'Order Summary' }).getByText('Total Amount:'),
      );
      await expectFitsWidth(page, 'the cart');

      const again = await openDrawer(page);
      await again.getByRole('link', { name: 'Profile' }).click();
      await expectPath(page, '/profile');
      await expectVisible(page.getByRole('heading', { name: 'My Profile', level: 1 }));
      await expectFitsWidth(page, 'the profile');

      const last = await openDrawer(page);
      await last.getByRole('button', { name: 'Logout' }).click();
      await expectHidden(drawer(page));
      const check = await openDrawer(page);
      await expectVisible(check.getByRole('button', { name: 'Sign up' }));
    },
    PHONE,
  );
});
