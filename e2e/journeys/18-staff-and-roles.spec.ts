// A shop run by more than one person: the owner adds a picker, who signs in with the first password, must choose
// their own, sees only what a picker may use, and picks an order; the owner's Activity page shows it under the
// picker's name.

import { newCustomer, uniqueName, orderRef } from '../support/api';
import { expect, test } from '../support/fixtures';
import { lookedAt } from '../support/pages';
import { expectSellerLoginScreen, expectToast, sellerLogin, sellerMenu } from '../support/shop';

test.describe('staff and roles', { tag: '@phone' }, () => {
  test('the owner adds a picker, who chooses a password, sees only Picking and picks an order', async ({
    page,
    otherPage: pickerPage,
    api: customer,
    catalogue,
  }) => {
    const carrots = await catalogue.add({
      name: uniqueName('Staff Carrots'),
      category: 'Vegetables',
      price: 1.2,
      offerPrice: 1.2,
      vat: 0,
      stock: 30,
    });
    await customer.signUp(newCustomer('picked-by-staff'));
    const address = await customer.addAddress();
    const orderId = await customer.placeOrder({
      lines: [{ product: carrots, quantity: 3 }],
      addressId: address._id,
    });
    const { date } = await customer.deliverySlots();

    // The owner adds the picker on the Staff page.
    const picker = {
      name: uniqueName('Pat Picker'),
      email: `${uniqueName('picker')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '.')}@larder.test`,
      first: 'first-crate-of-the-day',
      chosen: 'my-own-picking-password',
    };
    await sellerLogin(page);
    await sellerMenu(page).getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    const form = page.getByRole('region', { name: 'Add a member' });
    await form.getByLabel('Name').fill(picker.name);
    await form.getByLabel('Email').fill(picker.email);
    await form.getByLabel('Role').selectOption('picker');
    await form.getByLabel('First password').fill(picker.first);
    await form.getByRole('button', { name: 'Add member' }).click();
    await expectToast(page, 'Member of staff added.');
    const card = page.getByRole('article', { name: picker.name });
    await expect(card).toContainText('Picker');
    await expect(card).toContainText('First password');
    await lookedAt(page, 'seller-staff');

    // The picker signs in with the first password and must choose their own.
    await pickerPage.goto('/seller');
    await expectSellerLoginScreen(pickerPage);
    await pickerPage.getByLabel('Email').fill(picker.email);
    await pickerPage.getByLabel('Password').fill(picker.first);
    await pickerPage.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(pickerPage.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await lookedAt(pickerPage, 'seller-choose-password');
    await pickerPage.getByLabel('Current password').fill(picker.first);
    await pickerPage.getByLabel(/^New password\s*\*?$/).fill(picker.chosen);
    await pickerPage.getByLabel('New password again').fill(picker.chosen);
    await pickerPage.getByRole('button', { name: 'Save new password' }).click();
    await expectToast(pickerPage, 'Your password has been changed.');

    // A picker lands on Picking and sees none of the shop's running.
    await expect(pickerPage).toHaveURL(/\/seller\/picking/);
    const menu = sellerMenu(pickerPage);
    await expect(menu.getByRole('link', { name: 'Picking' })).toBeVisible();
    for (const hidden of ['Dashboard', 'Add Product', 'Product List', 'Settings', 'Staff', 'Activity'])
      await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
    await expect(pickerPage.getByText(picker.name)).toBeVisible();
    await pickerPage.goto('/seller/settings');
    await expect(pickerPage).toHaveURL(/\/seller\/picking/);

    // The picker picks the order.
    await pickerPage.getByLabel('Delivery date').fill(date);
    const order = pickerPage.getByRole('article', { name: new RegExp(`^Order #${orderRef(orderId)}`) });
    await order.getByRole('button', { name: /^Start picking/ }).click();
    const checklist = order.getByRole('form', { name: /^Checklist/ });
    await checklist.getByRole('button', { name: 'Mark as picked' }).click();
    await expect(order.getByRole('list', { name: /^Picked lines/ })).toContainText(`${carrots.name}: 3 of 3`);
    // Dispatching is the drivers' (and the shop's): a picker is not offered it.
    await expect(pickerPage.getByRole('button', { name: /^Dispatch/ })).toHaveCount(0);
    await lookedAt(pickerPage, 'seller-picker-picking');

    // The owner's Activity page shows the pick under the picker's name.
    await sellerMenu(page).getByRole('link', { name: 'Activity' }).click();
    await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
    await page.getByLabel('Person').selectOption({ label: `${picker.name} (Picker)` });
    const entries = page.getByRole('listitem').filter({ hasText: `Order #${orderRef(orderId)}` });
    await expect(entries.first()).toContainText(picker.name);
    await expect(entries.filter({ hasText: 'picked' }).first()).toBeVisible();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: picker.name })
        .filter({ hasText: 'Changed their password' }),
    ).toBeVisible();
    await lookedAt(page, 'seller-activity');
  });
});
