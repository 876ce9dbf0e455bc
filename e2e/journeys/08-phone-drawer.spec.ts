// On a 360 px phone (the narrowest the shop supports): the drawer replaces the navbar links, opens,
// navigates and closes; pages fit the width.
import type { Page } from '@playwright/test';
import { newCustomer } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  fillSignUpDetails,
  finishWithDevSignIn,
  loginModal,
  menuDrawer,
  navbar,
  openMenuDrawer,
  openShop,
} from '../support/shop';

/** The page is no wider than the phone (nothing pushes a horizontal scroll bar). */
async function expectFitsWidth(page: Page, what: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${what} is ${scrollWidth} px wide on a ${innerWidth} px screen`).toBeLessThanOrEqual(
    innerWidth,
  );
}

test.describe('the phone drawer', { tag: '@phone-only' }, () => {
  test('a visitor on a phone opens the drawer, goes to All Product and Contact, and signs up from it', async ({
    page,
  }) => {
    await openShop(page, '/');
    await expect(
      navbar(page).getByRole('link', { name: 'All Product', exact: true }),
      'the desktop navbar links',
    ).toBeHidden();
    await expectFitsWidth(page, 'the home page');

    let menu = await openMenuDrawer(page);
    for (const name of ['Home', 'All Product', 'Contact']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'All Product', exact: true }).click();
    await expect(page).toHaveURL('/products');
    await expect(menuDrawer(page), 'the drawer after choosing a link').toBeHidden();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expectFitsWidth(page, 'the products page');

    await openMenuDrawer(page);
    await page.keyboard.press('Escape');
    await expect(menuDrawer(page)).toBeHidden();
    await expect(
      navbar(page).getByRole('button', { name: 'Open menu' }),
      'focus returns to the menu button',
    ).toBeFocused();

    menu = await openMenuDrawer(page);
    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await expect(page).toHaveURL('/contact-us');
    await expect(page.getByRole('heading', { name: 'Contact Us', level: 1 })).toBeVisible();
    await expectFitsWidth(page, 'the contact page');

    menu = await openMenuDrawer(page);
    await menu.getByRole('button', { name: 'Sign up' }).click();
    const modal = loginModal(page);
    await expect(modal).toBeVisible();
    await fillSignUpDetails(modal, newCustomer('phone'));
    await modal.getByRole('button', { name: 'Continue', exact: true }).click();
    await finishWithDevSignIn(page, modal);
    menu = await openMenuDrawer(page);
    await expect(menu.getByText('Signed in as')).toBeVisible();
  });

  test('a signed-in customer on a phone reaches My Orders and the cart from the drawer and the navbar', async ({
    page,
    api,
  }) => {
    const customer = newCustomer('phone-orders');
    await api.signUp(customer);
    const product = (await api.inStockProducts())[0];
    await api.setCart({ [product._id]: 2 });

    await openShop(page, `/products/${product.category.toLowerCase()}/${product._id}`);
    await expect(page.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
    await expectFitsWidth(page, 'the product page');

    const menu = await openMenuDrawer(page);
    await expect(menu.getByText(`Signed in as ${customer.firstName}`)).toBeVisible();
    await menu.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL('/my-orders');
    await expect(page.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();

    await navbar(page).getByRole('link', { name: 'Cart, 2 items' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(
      page.getByRole('complementary', { name: 'Order Summary' }).getByText('Total Amount:'),
    ).toBeVisible();
    await expectFitsWidth(page, 'the cart');

    const again = await openMenuDrawer(page);
    await again.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await expectFitsWidth(page, 'the profile');

    const last = await openMenuDrawer(page);
    await last.getByRole('button', { name: 'Logout' }).click();
    await expect(menuDrawer(page)).toBeHidden();
    // Signed out, the shop goes home (the drawer closes on every navigation, so wait for it).
    await expect(page).toHaveURL('/');
    await expect(navbar(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    const check = await openMenuDrawer(page);
    await expect(check.getByRole('button', { name: 'Sign up' })).toBeVisible();
  });
});
