// What a shopper or the seller does on the screens, spelled with the names a user sees
// (roles, labels and visible texts; no test ids).
import { expect, type Locator, type Page } from '@playwright/test';
import { SELLER, type Customer } from './api';

/** The spec's texts, word for word. */
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
  codOnly: 'We currently accept Cash on Delivery (COD) only.',
  selectAddress: 'Please select an address',
  selectSlot: 'Please select delivery date and time slot',
  ageRestricted: '18+ — ID may be requested on delivery',
  ageConfirmLabel: 'I confirm I am 18 or over (ID may be requested on delivery)',
  ageConfirmationRequired: 'Please confirm you are 18 or over to buy age-restricted items.',
  referenceIntake: 'Reference intake of an average adult (8400 kJ / 2000 kcal)',
  orderPlaced: 'Order placed successfully',
  ageCheckAtDoor: '18+ items: check ID on delivery (Challenge 25)',
} as const;

const REMOTE_FAILURE = "We couldn't load this part of the shop";

/** "£1,234.50" or "£3.99" -> pence (the first amount in the text). */
export function pence(text: string | null): number {
  const m = /£\s?([\d,]+(?:\.\d{1,2})?)/.exec(text ?? '');
  expect(m, `a £ amount in ${JSON.stringify(text)}`).not.toBeNull();
  return Math.round(Number((m as RegExpExecArray)[1].replace(/,/g, '')) * 100);
}

export function formatPence(p: number): string {
  return `£${(p / 100).toFixed(2)}`;
}

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The storefront's top bar. */
export function navbar(page: Page): Locator {
  return page.getByRole('banner');
}

/** The host's fallback when a remote cannot be loaded. */
export function remoteFailure(page: Page): Locator {
  return page.getByRole('heading', { name: REMOTE_FAILURE });
}

/** Opens a shop page and waits until the storefront remote has rendered its navbar. */
export async function openShop(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  const home = navbar(page).getByRole('link', { name: 'Larder home' });
  await expect(home.or(remoteFailure(page)), 'the storefront navbar (the remote loaded)').toBeVisible({
    timeout: 45_000,
  });
  await expect(remoteFailure(page), 'the storefront remote loaded').toBeHidden();
}

/** The login modal, in either mode and at either step. */
export function loginModal(page: Page): Locator {
  return page.getByRole('dialog', { name: /^(create your account|log in)$/i });
}

/** The not-signed-in prompt. */
export function signInPrompt(page: Page): Locator {
  return page.getByRole('alertdialog', { name: TEXT.notSignedIn });
}

/** A toast (each is a status). Success toasts live two seconds only, so expect them at once. */
export function toast(page: Page, text: string): Locator {
  return page.getByRole('status').filter({ hasText: text }).first();
}

export async function expectToast(
  page: Page,
  text: string,
  options: { timeout?: number } = {},
): Promise<void> {
  await expect(toast(page, text), `the toast "${text}"`).toBeVisible(options);
}

export function signUpButton(page: Page): Locator {
  return navbar(page).getByRole('button', { name: 'Sign up', exact: true });
}

/** The phone's navigation drawer. */
export function menuDrawer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Menu' });
}

/** Opens the phone's navigation drawer from the navbar. */
export async function openMenuDrawer(page: Page): Promise<Locator> {
  await navbar(page).getByRole('button', { name: 'Open menu' }).click();
  await expect(menuDrawer(page), 'the navigation drawer').toBeVisible();
  return menuDrawer(page);
}

/** Opens the login modal with Sign up: in the navbar, or on a phone (`isMobile`) in the drawer. */
export async function openLoginModal(page: Page, { isMobile = false } = {}): Promise<Locator> {
  if (isMobile) await (await openMenuDrawer(page)).getByRole('button', { name: 'Sign up' }).click();
  else await signUpButton(page).click();
  const modal = loginModal(page);
  await expect(modal).toBeVisible();
  return modal;
}

export async function fillSignUpDetails(modal: Locator, customer: Customer): Promise<void> {
  await modal.getByLabel('First name').fill(customer.firstName);
  await modal.getByLabel('Last name').fill(customer.lastName);
  await modal.getByLabel('Email').fill(customer.email);
  await modal.getByLabel('Phone').fill(customer.phone);
}

/** Step 2 of the modal without Google configured: the development sign-in. */
export async function finishWithDevSignIn(page: Page, modal: Locator): Promise<void> {
  await modal.getByRole('button', { name: 'Continue with development sign-in' }).click();
  await expectToast(page, TEXT.loggedIn);
  await expect(modal).toBeHidden();
}

/** Sign-up through the modal: step 1 the customer's details, step 2 the sign-in. */
export async function signUpThroughModal(page: Page, customer: Customer): Promise<void> {
  const modal = await openLoginModal(page);
  await expect(modal.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await fillSignUpDetails(modal, customer);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(modal.getByText(`as ${customer.email}`)).toBeVisible();
  await finishWithDevSignIn(page, modal);
  await expectSignedIn(page, customer.firstName);
}

/** Login through the modal: switch to login, give the email, then sign in at step 2. */
export async function signIn(page: Page, email: string, firstName: string): Promise<void> {
  const modal = await openLoginModal(page);
  await modal.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(modal.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await modal.getByLabel('Email').fill(email);
  await modal.getByRole('button', { name: 'Continue', exact: true }).click();
  await finishWithDevSignIn(page, modal);
  await expectSignedIn(page, firstName);
}

/** The profile menu button that replaces "Sign up" once a customer is signed in. */
export function profileMenuButton(page: Page, firstName?: string): Locator {
  return navbar(page).getByRole('button', {
    name: firstName ? `Account menu for ${firstName}` : /^Account menu for /,
  });
}

export async function expectSignedIn(page: Page, firstName: string): Promise<void> {
  await expect(profileMenuButton(page, firstName)).toBeVisible();
  await expect(signUpButton(page)).toBeHidden();
}

export async function expectSignedOut(page: Page): Promise<void> {
  await expect(signUpButton(page)).toBeVisible();
}

/** Opens the profile menu and chooses an entry: Profile, My Orders or Logout. */
export async function chooseFromProfileMenu(page: Page, entry: string): Promise<void> {
  await profileMenuButton(page).click();
  await page.getByRole('menuitem', { name: entry, exact: true }).click();
}

export async function logOut(page: Page): Promise<void> {
  await chooseFromProfileMenu(page, 'Logout');
  await expectSignedOut(page);
}

export function sellerMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Seller menu' });
}

/** Waits for the seller portal's login screen (the remote loaded). */
export async function expectSellerLoginScreen(page: Page): Promise<void> {
  const heading = page.getByRole('heading', { name: 'Seller Login' });
  await expect(heading.or(remoteFailure(page)), 'the seller login screen').toBeVisible({ timeout: 45_000 });
  await expect(remoteFailure(page), 'the seller portal remote loaded').toBeHidden();
}

/** Signs in on /seller with the seller's email and password and waits for the dashboard. */
export async function sellerLogin(page: Page): Promise<void> {
  await page.goto('/seller');
  await expectSellerLoginScreen(page);
  await page.getByLabel('Email').fill(SELLER.email);
  await page.getByLabel('Password').fill(SELLER.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(sellerMenu(page), 'the seller dashboard').toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** A product card (home, listings, related products), found by the product's name. */
export function productCard(scope: Locator, name: string): Locator {
  return scope.getByRole('article').filter({ has: scope.page().getByRole('heading', { name, exact: true }) });
}

/** A confirmation dialog with this title. */
export function confirmDialog(page: Page, title: string): Locator {
  return page.getByRole('alertdialog', { name: title });
}

/** Waits for the confirmation dialog titled `title` and presses its `button`. */
export async function confirm(page: Page, title: string, button: string): Promise<void> {
  const dialog = confirmDialog(page, title);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** One row of a definition list (dt/dd) inside `scope`: the dd whose dt reads `term`. */
export function definition(scope: Locator, term: string): Locator {
  return scope.locator(`xpath=.//dt[normalize-space(.)=${JSON.stringify(term)}]/following-sibling::dd[1]`);
}

/** The first visible element showing this text (a substring, or a RegExp) inside `scope`. */
export function visibleText(scope: Locator | Page, text: string | RegExp): Locator {
  return scope.getByText(text).filter({ visible: true }).first();
}
