// What a shopper or the seller does on the screens, spelled with the names a user sees
// (roles, labels and visible texts; no test ids).
import assert from 'node:assert/strict';
import { SELLER } from './env.mjs';
import { expectHidden, expectText, expectVisible } from './expect.mjs';

/** The spec's texts (§2, §5, §8), word for word. */
export const TEXT = {
  notSignedIn: "Oops! You're not signed in. Please sign up to continue.",
  loggedIn: 'Logged in with Google!',
  userExists: 'User already exists. Redirecting to login...',
  emailNotRegistered: 'Email not registered. Please sign up first.',
  enterEmail: 'Enter your email',
  fillAllFields: 'Please fill all fields',
  addedToCart: 'Added to Cart',
  addressAdded: 'Address added successfully',
  phoneUpdated: 'Phone updated successfully',
  accountDeleted: 'Account deleted successfully',
  orderUpdated: 'Order updated successfully',
  shippingUpdated: 'Shipping settings updated!',
  contactSent: 'Your message has been sent successfully!',
  deleteConfirm1: 'This will delete your account permanently. Continue?',
  deleteConfirm2: 'Are you absolutely sure? This cannot be undone.',
  itemNotFound: 'Item not found',
  noAddresses: 'No addresses added',
  phoneNotAdded: 'Not added',
  codOnly: 'We currently accept Cash on Delivery (COD) only.',
  selectAddress: 'Please select an address',
  selectSlot: 'Please select delivery date and time slot',
  selectOrAddAddress: 'Please select or add an address',
};

/** The storefront's top bar. */
export function navbar(page) {
  return page.getByRole('banner');
}

/** Opens a shop page and waits until the storefront remote has rendered its navbar and the session is known. */
export async function openShop(page, path = '/') {
  await page.goto(path);
  const home = navbar(page).getByRole('link', { name: 'Larder home' });
  await expectVisible(home.or(remoteFailure(page)), {
    timeout: 45_000,
    what: 'the storefront navbar (the storefront remote loaded)',
  });
  if (await remoteFailure(page).isVisible()) {
    throw new Error(`the host shows "${REMOTE_FAILURE}" at ${path}: the storefront remote did not load`);
  }
}

const REMOTE_FAILURE = "We couldn't load this part of the shop";

/** The host's fallback when a remote cannot be loaded. */
export function remoteFailure(page) {
  return page.getByRole('heading', { name: REMOTE_FAILURE });
}

/** The login modal, in either mode and at either step. */
export function loginModal(page) {
  return page.getByRole('dialog', { name: /^(create your account|log in)$/i });
}

/** The not-signed-in prompt (spec §2). */
export function signInPrompt(page) {
  return page.getByRole('alertdialog', { name: TEXT.notSignedIn });
}

/** A toast (react-hot-toast renders each as a status). */
export function toast(page, text) {
  return page.getByRole('status').filter({ hasText: text }).first();
}

/** Waits for a toast with this text (success toasts live two seconds only, so it is checked at once). */
export function expectToast(page, text, options = {}) {
  return expectVisible(toast(page, text), { what: `the toast "${text}"`, ...options });
}

export function signUpButton(page) {
  return navbar(page).getByRole('button', { name: 'Sign up', exact: true });
}

export async function openLoginModal(page) {
  await signUpButton(page).click();
  const modal = loginModal(page);
  await expectVisible(modal, { what: 'the login modal' });
  return modal;
}

export async function fillSignUpDetails(modal, customer) {
  await modal.getByLabel('First name').fill(customer.firstName);
  await modal.getByLabel('Last name').fill(customer.lastName);
  await modal.getByLabel('Email').fill(customer.email);
  await modal.getByLabel('Phone').fill(customer.phone);
}

/** Step 2 of the modal without Google configured: the development sign-in. */
export async function finishWithDevSignIn(page, modal) {
  await modal.getByRole('button', { name: 'Continue with development sign-in' }).click();
  await expectToast(page, TEXT.loggedIn);
  await expectHidden(modal, { what: 'the login modal' });
}

/** Sign-up through the modal: step 1 the customer's details, step 2 the sign-in. */
export async function signUpThroughModal(page, customer) {
  const modal = await openLoginModal(page);
  await expectVisible(modal.getByRole('heading', { name: 'Create your account' }));
  await fillSignUpDetails(modal, customer);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expectText(modal, `as ${customer.email}`);
  await finishWithDevSignIn(page, modal);
  await expectSignedIn(page, customer.firstName);
}

/** Login through the modal: switch to login, give the email, then sign in at step 2. */
export async function signIn(page, email, firstName) {
  const modal = await openLoginModal(page);
  await modal.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectVisible(modal.getByRole('heading', { name: 'Log in' }));
  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await finishWithDevSignIn(page, modal);
  await expectSignedIn(page, firstName);
}

/** The profile menu button that replaces "Sign up" once a customer is signed in. */
export function profileMenuButton(page, firstName) {
  return navbar(page).getByRole('button', {
    name: firstName ? `Account menu for ${firstName}` : /^Account menu for /,
  });
}

export async function expectSignedIn(page, firstName) {
  await expectVisible(profileMenuButton(page, firstName), { what: 'the profile menu in the navbar' });
  await expectHidden(signUpButton(page), { what: 'the Sign up button' });
}

export async function expectSignedOut(page) {
  await expectVisible(signUpButton(page), { what: 'the Sign up button' });
}

/** Opens the profile menu and chooses an entry: Profile, My Orders or Logout. */
export async function chooseFromProfileMenu(page, entry) {
  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

export async function logOut(page) {
  await chooseFromProfileMenu(page, 'Logout');
  await expectSignedOut(page);
}

/** Signs in on /seller with the seller's email and password and waits for the dashboard. */
export async function sellerLogin(page) {
  await page.goto('/seller');
  const heading = page.getByRole('heading', { name: 'Seller Login' });
  await expectVisible(heading.or(remoteFailure(page)), { timeout: 45_000, what: 'the seller login screen' });
  if (await remoteFailure(page).isVisible()) {
    throw new Error(`the host shows "${REMOTE_FAILURE}" at /seller: the seller portal remote did not load`);
  }
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectVisible(sellerMenu(page), { what: 'the seller dashboard' });
  await expectVisible(page.getByRole('button', { name: 'Logout' }));
}

export function sellerMenu(page) {
  return page.getByRole('navigation', { name: 'Seller menu' });
}

/** A product card (home, listings, related products), found by the product's name. */
export function productCard(scope, name) {
  const page = typeof scope.page === 'function' ? scope.page() : scope;
  return scope.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** A confirmation dialog with this title. */
export function confirmDialog(page, title) {
  return page.getByRole('alertdialog', { name: title });
}

/** Waits for the confirmation dialog titled `title` and presses its `button`. */
export async function confirm(page, title, button) {
  const dialog = confirmDialog(page, title);
  await expectVisible(dialog, { what: `the confirmation "${title}"` });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expectHidden(dialog, { what: `the confirmation "${title}"` });
}

/** One row of a definition list (dt/dd) inside `scope`: the text of the dd whose dt reads `term`. */
export async function definition(scope, term) {
  const dd = scope.locator(
    `xpath=.//dt[normalize-space(.)=${JSON.stringify(term)}]/following-sibling::dd[1]`,
  );
  assert.equal(await dd.count(), 1, `one "${term}" row`);
  return ((await dd.textContent()) ?? '').replace(/\s+/g, ' ').trim();
}
