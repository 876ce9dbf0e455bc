// The profile: the three tabs, phone edit, adding an address, and deleting the account.
import type { Locator, Page } from '@playwright/test';
import { ADDRESS, newCustomer, type Customer } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  TEXT,
  confirmDialog,
  expectSignedIn,
  expectSignedOut,
  expectToast,
  navbar,
  openShop,
  visibleText,
} from '../support/shop';

async function openProfile(page: Page, customer: Customer): Promise<Locator> {
  await openShop(page, '/profile');
  await expectSignedIn(page, customer.firstName);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  return main;
}

test('account settings: names, read-only email, phone edit with Save and Cancel, addresses', async ({
  page,
  api,
}) => {
  const customer = newCustomer('profile');
  await api.signUp(customer);
  const main = await openProfile(page, customer);

  const tabs = main.getByRole('tablist', { name: 'Profile sections' });
  for (const name of ['Account Settings', 'Payment Settings', 'Delete Account']) {
    await expect(tabs.getByRole('tab', { name })).toBeVisible();
  }
  await expect(tabs.getByRole('tab', { name: 'Account Settings' })).toHaveAttribute('aria-selected', 'true');

  const panel = main.getByRole('tabpanel');
  await expect(panel.getByLabel('First name')).toHaveValue(customer.firstName);
  await expect(panel.getByLabel('Last name')).toHaveValue(customer.lastName);
  const email = panel.getByRole('textbox', { name: 'Email' });
  await expect(email).toHaveValue(customer.email);
  await expect(email, 'the email is read-only').not.toBeEditable();

  // Phone: Edit, Cancel keeps the old number; Edit, Save stores the new one.
  const phoneValue = panel.locator('dd').filter({ has: page.getByRole('button', { name: 'Edit phone' }) });
  await expect(visibleText(phoneValue, customer.phone)).toBeVisible();
  await panel.getByRole('button', { name: 'Edit phone' }).click();
  const phoneForm = panel.getByRole('form', { name: 'Edit phone' });
  await phoneForm.getByLabel('Phone').fill('07700 900999');
  await phoneForm.getByRole('button', { name: 'Cancel' }).click();
  await expect(phoneForm).toBeHidden();
  await expect(visibleText(phoneValue, customer.phone)).toBeVisible();

  await panel.getByRole('button', { name: 'Edit phone' }).click();
  await phoneForm.getByLabel('Phone').fill('07700 900777');
  await phoneForm.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, TEXT.phoneUpdated);
  await expect(phoneForm).toBeHidden();
  await expect(visibleText(phoneValue, '07700 900777')).toBeVisible();

  // Addresses: none yet; an incomplete form is refused; a complete one is listed as the default.
  await expect(visibleText(panel, TEXT.noAddresses)).toBeVisible();
  const form = panel.getByRole('form', { name: 'Add a new address' });
  const city = form.getByLabel('City');
  await expect(city.locator('option')).toHaveText([
    'Select City',
    'Bristol',
    'Cardiff',
    'Somerset',
    'Swindon',
  ]);
  await expect(form.getByLabel('Country').locator('option')).toHaveText(['Select Country', 'United Kingdom']);
  await expect(form.getByLabel('State')).toHaveAttribute('placeholder', 'State');

  await form.getByLabel('Street').fill(ADDRESS.street);
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expectToast(page, TEXT.fillAllFields);

  await city.selectOption('Cardiff');
  await form.getByLabel('State').fill('South Glamorgan');
  await form.getByLabel('Postcode').fill('cf10 1ep');
  await form.getByLabel('Country').selectOption('United Kingdom');
  await form.getByRole('button', { name: 'Add Address' }).click();
  await expectToast(page, TEXT.addressAdded);
  const saved = panel.getByRole('list', { name: 'Saved addresses' });
  await expect(saved.getByRole('listitem')).toHaveCount(1);
  await expect(visibleText(saved, ADDRESS.street)).toBeVisible();
  await expect(visibleText(saved, 'Cardiff, South Glamorgan')).toBeVisible();
  await expect(visibleText(saved, 'Default')).toBeVisible();
  await expect(form.getByLabel('Street'), 'the form is cleared after adding').toHaveValue('');

  // The new phone and address survive a reload.
  await openProfile(page, customer);
  await expect(visibleText(page.getByRole('tabpanel'), '07700 900777')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem')).toHaveCount(1);

  // The payment tab.
  await page.getByRole('tab', { name: 'Payment Settings' }).click();
  await expect(visibleText(page.getByRole('tabpanel'), TEXT.codOnly)).toBeVisible();
});

test('deleting the account asks twice, then signs out and goes home', async ({ page, api }) => {
  const customer = newCustomer('delete');
  await api.signUp(customer);
  const main = await openProfile(page, customer);

  await main.getByRole('tab', { name: 'Delete Account' }).click();
  const panel = main.getByRole('tabpanel');
  await expect(visibleText(panel, 'This action is permanent and cannot be undone.')).toBeVisible();

  // Backing out at the second question keeps the account.
  await panel.getByRole('button', { name: 'Delete Account' }).click();
  const first = confirmDialog(page, TEXT.deleteConfirm1);
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: 'Continue' }).click();
  const second = confirmDialog(page, TEXT.deleteConfirm2);
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second).toBeHidden();
  await expectSignedIn(page, customer.firstName);

  // Yes to both.
  await panel.getByRole('button', { name: 'Delete Account' }).click();
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: 'Continue' }).click();
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expectToast(page, TEXT.accountDeleted);
  await expect(page).toHaveURL('/');
  await expectSignedOut(page);
  await expect(navbar(page).getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // The account is gone: the profile now asks to sign in.
  await openShop(page, '/profile');
  await expect(page.getByRole('main').getByRole('status').first()).toHaveText(TEXT.notSignedIn);
});
