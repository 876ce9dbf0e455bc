// The profile: the three tabs, phone edit, adding an address, and deleting the account.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inPage, useBrowser } from '../support/browser.mjs';
import { ADDRESS, apiSignUp, newCustomer } from '../support/api.mjs';
import {
  expectCount,
  expectHidden,
  expectLocatorText,
  expectPath,
  expectText,
  expectVisible,
} from '../support/expect.mjs';
import {
  TEXT,
  confirmDialog,
  expectSignedIn,
  expectSignedOut,
  expectToast,
  navbar,
  openShop,
} from '../support/shop.mjs';

const browser = useBrowser();

async function openProfile(page, customer) {
  await openShop(page, '/profile');
  await expectSignedIn(page, customer.firstName);
  const main = page.getByRole('main');
  await expectVisible(main.getByRole('heading', { name: 'My Profile', level: 1 }));
  return main;
}

test('account settings: names, read-only email, phone edit with Save and Cancel, addresses', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const customer = newCustomer('profile');
    await apiSignUp(context, customer);
    const main = await openProfile(page, customer);

    const tabs = main.getByRole('tablist', { name: 'Profile sections' });
    for (const name of ['Account Settings', 'Payment Settings', 'Delete Account']) {
      await expectVisible(tabs.getByRole('tab', { name }));
    }
    assert.equal(
      await tabs.getByRole('tab', { name: 'Account Settings' }).getAttribute('aria-selected'),
      'true',
    );

    const panel = main.getByRole('tabpanel');
    assert.equal(await panel.getByLabel('First name').inputValue(), customer.firstName);
    assert.equal(await panel.getByLabel('Last name').inputValue(), customer.lastName);
    const email = panel.getByRole('textbox', { name: 'Email' });
    assert.equal(await email.inputValue(), customer.email);
    assert.equal(await email.isEditable(), false, 'the email is read-only');

    // Phone: Edit, Cancel keeps the old number; Edit, Save stores the new one.
    const phoneValue = panel.locator('dd').filter({ has: page.getByRole('button', { name: 'Edit phone' }) });
    await expectText(phoneValue, customer.phone);
    await panel.getByRole('button', { name: 'Edit phone' }).click();
    const phoneForm = panel.getByRole('form', { name: 'Edit phone' });
    await phoneForm.getByLabel('Phone').fill('07700 900999');
    await phoneForm.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(phoneForm);
    await expectText(phoneValue, customer.phone);

    await panel.getByRole('button', { name: 'Edit phone' }).click();
    await phoneForm.getByLabel('Phone').fill('07700 900777');
    await phoneForm.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, TEXT.phoneUpdated);
    await expectHidden(phoneForm);
    await expectText(phoneValue, '07700 900777');

    // Addresses: none yet; an incomplete form is refused; a complete one is listed as the default.
    await expectText(panel, TEXT.noAddresses);
    const form = panel.getByRole('form', { name: 'Add a new address' });
    const city = form.getByLabel('City');
    const cityOptions = (await city.locator('option').allTextContents()).map((o) => o.trim());
    assert.deepEqual(cityOptions, ['Select City', 'Bristol', 'Cardiff', 'Somerset', 'Swindon']);
    const countryOptions = (await form.getByLabel('Country').locator('option').allTextContents()).map((o) =>
      o.trim(),
    );
    assert.deepEqual(countryOptions, ['Select Country', 'United Kingdom']);
    assert.equal(await form.getByLabel('State').getAttribute('placeholder'), 'State');

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
    await expectCount(saved.getByRole('listitem'), 1);
    await expectText(saved, ADDRESS.street);
    await expectText(saved, 'Cardiff, South Glamorgan');
    await expectText(saved, 'Default');
    assert.equal(await form.getByLabel('Street').inputValue(), '', 'the form is cleared after adding');

    // The new phone and address survive a reload.
    await openProfile(page, customer);
    await expectText(page.getByRole('tabpanel'), '07700 900777');
    await expectCount(page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem'), 1);

    // The payment tab.
    await page.getByRole('tab', { name: 'Payment Settings' }).click();
    await expectText(page.getByRole('tabpanel'), TEXT.codOnly);
  });
});

test('deleting the account asks twice, then signs out and goes home', async (t) => {
  await inPage(t, browser, async (page, context) => {
    const customer = newCustomer('delete');
    await apiSignUp(context, customer);
    const main = await openProfile(page, customer);

    await main.getByRole('tab', { name: 'Delete Account' }).click();
    const panel = main.getByRole('tabpanel');
    await expectText(panel, 'This action is permanent and cannot be undone.');

    // Backing out at the second question keeps the account.
    await panel.getByRole('button', { name: 'Delete Account' }).click();
    const first = confirmDialog(page, TEXT.deleteConfirm1);
    await expectVisible(first, { what: `the question "${TEXT.deleteConfirm1}"` });
    await first.getByRole('button', { name: 'Continue' }).click();
    const second = confirmDialog(page, TEXT.deleteConfirm2);
    await expectVisible(second, { what: `the question "${TEXT.deleteConfirm2}"` });
    await second.getByRole('button', { name: 'Cancel' }).click();
    await expectHidden(second);
    await expectSignedIn(page, customer.firstName);

    // Yes to both.
    await panel.getByRole('button', { name: 'Delete Account' }).click();
    await expectVisible(first);
    await first.getByRole('button', { name: 'Continue' }).click();
    await expectVisible(second);
    await second.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expectToast(page, TEXT.accountDeleted);
    await expectPath(page, '/');
    await expectSignedOut(page);
    await expectVisible(navbar(page).getByRole('link', { name: 'Cart, 0 items' }));

    // The account is gone: the profile now asks to sign in.
    await openShop(page, '/profile');
    await expectLocatorText(page.getByRole('main').getByRole('status').first(), TEXT.notSignedIn);
  });
});
