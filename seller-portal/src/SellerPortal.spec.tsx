import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { jsonBody, renderWithApi, type Routes as ApiRoutes } from '../test/render';
import { SellerPortal } from './SellerPortal';

const mounted = (
  <Routes>
    <Route path="/seller/*" element={<SellerPortal />} />
  </Routes>
);

const notSeller = { status: 401, body: { success: false, message: 'Seller access only' } };
const pages: ApiRoutes = {
  'GET /api/order/seller': { body: { success: true, orders: [] } },
  'GET /api/product/list': { body: { success: true, products: [] } },
  'GET /api/settings/shipping': { body: { success: true, shippingCharge: 3.99, shippingThreshold: 40 } },
  'GET /api/settings/delivery': { body: { success: true, slotCapacity: 20 } },
  'GET /api/seller/summary': {
    body: {
      success: true,
      today: { orders: 0, revenue: 0 },
      last7Days: { orders: 0, revenue: 0 },
      pending: 0,
      lowStock: [],
      daily: [],
      topProducts: [],
    },
  },
};

describe('Seller portal', () => {
  it('shows the login to a visitor and the server message for wrong credentials', async () => {
    const { user, requests } = renderWithApi(
      mounted,
      {
        'GET /api/seller/is-auth': notSeller,
        'POST /api/seller/login': {
          status: 401,
          body: { success: false, message: 'Invalid email or password' },
        },
      },
      { path: '/seller/orders' },
    );
    expect(await screen.findByRole('heading', { name: 'Seller Login', level: 1 })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'seller@larder.local');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    const login = requests.find((request) => request.url === '/api/seller/login');
    expect(login && jsonBody(login)).toEqual({ email: 'seller@larder.local', password: 'wrong' });
    expect(screen.queryByRole('navigation', { name: 'Seller menu' })).not.toBeInTheDocument();
  });

  it('opens the dashboard after signing in, on the screen that was asked for', async () => {
    let seller = false;
    const { user } = renderWithApi(
      mounted,
      {
        ...pages,
        'GET /api/seller/is-auth': () => (seller ? { body: { success: true } } : notSeller),
        'POST /api/seller/login': () => {
          seller = true;
          return { body: { success: true, message: 'Logged in as seller' } };
        },
      },
      { path: '/seller/orders' },
    );
    await user.type(await screen.findByLabelText(/Email/), 'seller@larder.local');
    await user.type(screen.getByLabelText(/Password/), 'larder-seller');
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
    let seller = true;
    const { user } = renderWithApi(mounted, {
      ...pages,
      'GET /api/seller/is-auth': () => (seller ? { body: { success: true } } : notSeller),
      'GET /api/seller/logout': () => {
        seller = false;
        return { body: { success: true, message: 'Logged out' } };
      },
    });
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

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Seller Login', level: 1 })).toBeInTheDocument();
  });

  it('sends a signed-in seller from the login address to the dashboard', async () => {
    renderWithApi(
      mounted,
      { ...pages, 'GET /api/seller/is-auth': { body: { success: true } } },
      { path: '/seller/login' },
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
  });
});
