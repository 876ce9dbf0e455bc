// A new customer signs up through the login modal, leaves, and comes back with the same email.
import type { Page } from '@playwright/test';
import { newCustomer, type Customer } from '../support/api';
import { expect, test } from '../support/fixtures';
import {
  TEXT,
  chooseFromProfileMenu,
  expectSignedIn,
  expectToast,
  fillSignUpDetails,
  finishWithDevSignIn,
  logOut,
  openLoginModal,
  openShop,
  signIn,
  signUpThroughModal,
  visibleText,
} from '../support/shop';

async function expectProfileOf(page: Page, customer: Customer) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await expect(visibleText(main, `Hello, ${customer.firstName}.`)).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Email' })).toHaveValue(customer.email);
}

test('sign up through the modal (details, then sign-in), log out, and sign in again with the same email', async ({
  page,
}) => {
  const customer = newCustomer('signup');
  await openShop(page, '/');
  await signUpThroughModal(page, customer);

  await chooseFromProfileMenu(page, 'Profile');
  await expect(page).toHaveURL('/profile');
  await expectProfileOf(page, customer);

  await logOut(page);
  await signIn(page, customer.email, customer.firstName);
  await chooseFromProfileMenu(page, 'Profile');
  await expectProfileOf(page, customer);

  // The session survives a reload (cookie), and My Orders is reachable from the menu.
  await openShop(page, '/');
  await expectSignedIn(page, customer.firstName);
  await chooseFromProfileMenu(page, 'My Orders');
  await expect(page).toHaveURL('/my-orders');
  await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
});

test('signing up with an email that already has an account switches the modal to login', async ({ page }) => {
  const customer = newCustomer('again');
  await openShop(page, '/');
  await signUpThroughModal(page, customer);
  await logOut(page);

  const modal = await openLoginModal(page);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectToast(page, TEXT.fillAllFields);

  await fillSignUpDetails(modal, {
    ...customer,
    firstName: 'Someone',
    lastName: 'Else',
    phone: '07700 900456',
  });
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectToast(page, TEXT.userExists);
  await expect(modal.getByRole('heading', { name: 'Log in' }), 'the modal in login mode').toBeVisible();
  await expect(modal.getByLabel('First name')).toBeHidden();
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await finishWithDevSignIn(page, modal);
  // Still the original account: the details typed at the failed sign-up did not replace it.
  await expectSignedIn(page, customer.firstName);
});

test('logging in with an unknown email says so and offers to sign up with it', async ({ page }) => {
  const stranger = newCustomer('stranger');
  await openShop(page, '/');
  const modal = await openLoginModal(page);
  await modal.getByRole('button', { name: 'Log in', exact: true }).click();
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectToast(page, TEXT.enterEmail);

  await modal.getByLabel('Email').fill(stranger.email);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectToast(page, TEXT.emailNotRegistered);
  await modal.getByRole('button', { name: 'Sign up with this email' }).click();
  await expect(modal.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(modal.getByLabel('First name'), 'the sign-up details form').toBeVisible();
});
