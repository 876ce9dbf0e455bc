// A new customer signs up through the login modal, leaves, and comes back with the same email.
import { test } from 'node:test';
import { inPage, useBrowser } from '../support/browser.mjs';
import { newCustomer } from '../support/api.mjs';
import { expectHidden, expectPath, expectText, expectVisible } from '../support/expect.mjs';
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
} from '../support/shop.mjs';

const browser = useBrowser();

async function expectProfileOf(page, customer) {
  const main = page.getByRole('main');
  await expectVisible(main.getByRole('heading', { name: 'My Profile', level: 1 }));
  await expectText(main, `Hello, ${customer.firstName}.`);
  await expectVisible(main.getByRole('textbox', { name: 'Email' }));
  const email = await main.getByRole('textbox', { name: 'Email' }).inputValue();
  if (email !== customer.email) throw new Error(`the profile shows ${email}, expected ${customer.email}`);
}

test('sign up through the modal (details, then sign-in), log out, and sign in again with the same email', async (t) => {
  await inPage(t, browser, async (page) => {
    const customer = newCustomer('signup');
    await openShop(page, '/');
    await signUpThroughModal(page, customer);

    await chooseFromProfileMenu(page, 'Profile');
    await expectPath(page, '/profile');
    await expectProfileOf(page, customer);

    await logOut(page);
    await signIn(page, customer.email, customer.firstName);
    await chooseFromProfileMenu(page, 'Profile');
    await expectProfileOf(page, customer);

    // The session survives a reload (cookie), and My Orders is reachable from the menu.
    await openShop(page, '/');
    await expectSignedIn(page, customer.firstName);
    await chooseFromProfileMenu(page, 'My Orders');
    await expectPath(page, '/my-orders');
    await expectVisible(page.getByRole('heading', { name: 'No orders yet' }));
  });
});

test('signing up with an email that already has an account switches the modal to login', async (t) => {
  await inPage(t, browser, async (page) => {
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
    await expectVisible(modal.getByRole('heading', { name: 'Log in' }), { what: 'the modal in login mode' });
    await expectHidden(modal.getByLabel('First name'));
    await modal.getByRole('button', { name: 'Continue', exact: true }).click();
    await finishWithDevSignIn(page, modal);
    // Still the original account: the details typed at the failed sign-up did not replace it.
    await expectSignedIn(page, customer.firstName);
  });
});

test('logging in with an unknown email says so and offers to sign up with it', async (t) => {
  await inPage(t, browser, async (page) => {
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
    await expectVisible(modal.getByRole('heading', { name: 'Create your account' }));
    await expectVisible(modal.getByLabel('First name'), { what: 'the sign-up details form' });
  });
});
