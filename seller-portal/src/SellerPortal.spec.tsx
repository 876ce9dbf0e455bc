import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import type { SignedInStaffDto } from '@larder/shared-state';
import type { AnswerFn } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../test/render';
import { clearOutcomesOf, queueOutcome, queuedOutcomes } from './lib/outcome-queue';
import { SellerPortal } from './SellerPortal';

/** A driver the owner has just added: their first password is to be replaced until they choose their own. */
const driver: SignedInStaffDto = {
  _id: 'staff-dan',
  email: 'dan@larder.local',
  name: 'Dan Driver',
  role: 'driver',
  mustChangePassword: true,
  mustEnrolTwoFactor: false,
};

/** The driver's session as the server answers it: 401 until signed in; the first password kept until changed. */
const driverRoutes = (): Record<string, AnswerFn> => ({
  'GET /api/seller/is-auth': (_r, s) =>
    s.seller
      ? { body: { success: true, staff: driver } }
      : { status: 401, body: { success: false, message: MESSAGES.sellerOnly } },
  'POST /api/seller/password': () => {
    driver.mustChangePassword = false;
    return { body: { success: true, message: 'Password changed' } };
  },
});

const mounted = (
  <Routes>
    <Route path="/seller/*" element={<SellerPortal />} />
  </Routes>
);

// The seller account the fake API knows.
const seller = { email: 'seller@larder.local', password: 'larder-seller' };

describe('Seller portal', () => {
  it('shows the login to a visitor and the server message for wrong credentials', async () => {
    const { user, requests } = renderWithApi(
      mounted,
      {},
      { path: '/seller/orders', state: { seller: false, sellerCredentials: seller } },
    );
    expect(await screen.findByRole('heading', { name: 'Seller Login', level: 1 })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'seller@larder.local');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    const login = requests.find((request) => request.url === '/api/seller/login');
    expect(login?.body).toEqual({ email: 'seller@larder.local', password: 'wrong' });
    expect(server.state.seller).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Seller menu' })).not.toBeInTheDocument();
  });

  it('opens the dashboard after signing in, on the screen that was asked for', async () => {
    const { user } = renderWithApi(
      mounted,
      {},
      { path: '/seller/orders', state: { seller: false, sellerCredentials: seller } },
    );
    await user.type(await screen.findByLabelText(/Email/), seller.email);
    await user.type(screen.getByLabelText(/Password/), seller.password);
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Orders', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Seller menu' });
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('link', { name: 'Add Product' })).not.toHaveAttribute('aria-current');
    expect(within(menu).getByRole('link', { name: 'Product List' })).toHaveAttribute(
      'href',
      '/seller/product-list',
    );
  });

  it('moves between screens from the menu and logs out back to the login', async () => {
    const { user } = renderWithApi(mounted);
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Seller menu' });
    await user.click(within(menu).getByRole('link', { name: 'Add Product' }));
    expect(await screen.findByRole('heading', { name: 'Add Product', level: 1 })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Add Product' })).toHaveAttribute(
      'href',
      '/seller/add-product',
    );
    await user.click(screen.getByRole('link', { name: 'Product List' }));
    expect(await screen.findByRole('heading', { name: 'Product List', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product List' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(menu).getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/seller/settings');
    expect(await screen.findByRole('region', { name: 'Shipping settings' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Seller Login', level: 1 })).toBeInTheDocument();
    expect(server.state.seller).toBe(false);
    // Signed out with POST: the spec's GET sign-out is refused from another site.
    expect(server.requests.filter((r) => r.url === '/api/seller/logout').map((r) => r.method)).toEqual([
      'POST',
    ]);
  });

  it('lands a driver on their Run after the first password, offering only the screens they may open', async () => {
    driver.mustChangePassword = true;
    const { user } = renderWithApi(mounted, driverRoutes(), {
      path: '/seller/login',
      state: { seller: false, sellerCredentials: { email: driver.email, password: 'first-password' } },
    });
    await user.type(await screen.findByLabelText(/Email/), driver.email);
    await user.type(screen.getByLabelText(/Password/), 'first-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Current password/), 'first-password');
    await user.type(screen.getByLabelText(/New password(?! again)/), 'a-good-long-password');
    await user.type(screen.getByLabelText(/New password again/), 'a-good-long-password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByRole('heading', { name: 'Run', level: 1 })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Seller menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Run', 'Security']);
    expect(within(menu).getByRole('link', { name: 'Run' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: /Picking/ })).not.toBeInTheDocument();
  });

  it('says what a driver has not sent before signing out, and clears only theirs when they do', async () => {
    driver.mustChangePassword = false;
    const mine = await queueOutcome({ staffId: driver._id, orderId: 'o-1', body: { stage: 'delivered' } });
    const theirs = await queueOutcome({
      staffId: 'staff-other',
      orderId: 'o-2',
      body: { stage: 'delivered' },
    });
    const { user } = renderWithApi(mounted, driverRoutes(), { path: '/seller/security' });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('alertdialog', { name: '1 update not sent' });
    expect(dialog).toHaveTextContent('Signing out deletes it from this phone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.state.seller).toBe(true);
    // Both still kept (recorded in the same millisecond, their order is the store's own).
    const kept = await queuedOutcomes();
    expect(kept).toHaveLength(2);
    expect(kept).toEqual(expect.arrayContaining([mine, theirs]));

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: '1 update not sent' })).getByRole('button', {
        name: 'Sign out and delete',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Seller Login', level: 1 })).toBeInTheDocument();
    expect(server.state.seller).toBe(false);
    expect(await queuedOutcomes()).toEqual([theirs]);
    await clearOutcomesOf('staff-other');
  });

  it('names the member once in the header when their name is their role, and with the role otherwise', async () => {
    const staff = (name: string): SignedInStaffDto => ({
      ...driver,
      _id: 'staff-owner',
      name,
      role: 'owner',
      mustChangePassword: false,
    });
    let who = staff('Owner');
    renderWithApi(mounted, { 'GET /api/seller/is-auth': () => ({ body: { success: true, staff: who } }) });
    const header = await screen.findByRole('banner');
    await within(header).findByText('Owner');
    expect(header).toHaveTextContent(/Signed in as Owner\s*Logout/);
    expect(within(header).getAllByText(/Owner/)).toHaveLength(1);
    cleanup();

    who = staff('Olive Owner');
    renderWithApi(mounted, { 'GET /api/seller/is-auth': () => ({ body: { success: true, staff: who } }) });
    const again = await screen.findByRole('banner');
    expect(await within(again).findByText('Olive Owner')).toBeInTheDocument();
    expect(again).toHaveTextContent('Signed in as Olive Owner · , Owner');
  });

  it('shows each screen of the menu with its own icon and its name, on a phone too', async () => {
    renderWithApi(mounted);
    const menu = await screen.findByRole('navigation', { name: 'Seller menu' });
    const links = within(menu).getAllByRole('link');
    expect(links.length).toBeGreaterThan(10);
    // No two screens share an icon.
    const icons = links.map((link) => link.querySelector('svg')!.innerHTML);
    expect(new Set(icons).size).toBe(links.length);
    // Each name is on screen (not for screen readers only) at every width.
    for (const link of links) {
      const name = within(link).getByText(link.textContent!);
      expect(name.className).not.toMatch(/sr-only/);
    }
  });

  it('sends a signed-in seller from the login address to the dashboard', async () => {
    renderWithApi(mounted, {}, { path: '/seller/login' });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });
});
