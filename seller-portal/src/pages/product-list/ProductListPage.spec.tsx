import { makeProduct } from '@larder/shared-state/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import type { ProductDto } from '@larder/shared-state';
import { renderWithApi, server } from '../../../test/render';
import ProductListPage from './ProductListPage';

const apples: ProductDto = makeProduct({
  _id: 'p-apples',
  name: 'Braeburn apples',
  category: 'Fruits',
  description: ['Crisp'],
  price: 2.5,
  offerPrice: 1.99,
  vat: 0,
  image: ['/uploads/apples.webp'],
  inStock: true,
  stock: null,
  ingredients: '',
  allergens: [],
});
const cola: ProductDto = makeProduct({
  ...apples,
  _id: 'p-cola',
  name: 'Classic Cola 2L',
  category: 'Drinks',
  offerPrice: 1.5,
  listed: false,
  inStock: false,
});

const products = { state: { products: [apples, cola] } };

describe('Product List', () => {
  it('shows each product with its category, offer price and stock switch', async () => {
    renderWithApi(<ProductListPage />, {}, products);
    expect(await screen.findByText('Braeburn apples')).toBeInTheDocument();
    expect(screen.getByText('Fresh Fruits')).toBeInTheDocument();
    expect(screen.getByText('£1.99')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'In stock: Braeburn apples' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('switch', { name: 'In stock: Classic Cola 2L' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  it('flags a product whose allergens are not confirmed, linking to its form', async () => {
    const loaf = makeProduct({ ...apples, _id: 'p-loaf', name: 'Seeded loaf', allergensConfirmed: false });
    renderWithApi(<ProductListPage />, {}, { state: { products: [apples, loaf] } });
    const flags = await screen.findAllByRole('link', { name: MESSAGES.allergensNotConfirmed });
    expect(flags.length).toBeGreaterThan(0);
    for (const flag of flags) expect(flag).toHaveAttribute('href', '/seller/edit-product/p-loaf');
  });

  it("shows each product's nutrient profiling score and whether it is less healthy", async () => {
    const biscuits = makeProduct({
      ...apples,
      _id: 'p-biscuits',
      name: 'Custard Creams',
      category: 'Bakery',
      nutrition: {
        energyKj: 2100,
        energyKcal: 502,
        fat: 24,
        saturates: 15,
        carbohydrate: 64,
        sugars: 30,
        fibre: 2,
        protein: 6,
        salt: 0.5,
      },
      fruitVegNuts: 0,
      hfssCategory: 'sweet-biscuits',
      npmScore: undefined,
      lessHealthy: undefined,
    });
    renderWithApi(<ProductListPage />, {}, { state: { products: [apples, biscuits] } });
    const row = (await screen.findByText('Custard Creams')).closest('li, tr')!;
    expect(row).toHaveTextContent('22 · Less healthy');
    expect(screen.getByText('Braeburn apples').closest('li, tr')).toHaveTextContent(
      'No score · Not less healthy',
    );
  });

  it('sends the new stock state and shows the server message when it is refused', async () => {
    const { user, requests } = renderWithApi(
      <ProductListPage />,
      {
        // The seller's session has ended meanwhile.
        'POST /api/product/stock': (_request, state) => {
          state.seller = false;
        },
      },
      products,
    );
    await user.click(await screen.findByRole('switch', { name: 'In stock: Braeburn apples' }));

    expect(await screen.findByText(MESSAGES.sellerOnly)).toBeInTheDocument();
    const sent = requests.find((request) => request.url === '/api/product/stock');
    expect(sent?.body).toEqual({ id: 'p-apples', inStock: false });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'In stock: Braeburn apples' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
  });

  it('binds the switch to the seller\'s setting: a listed product with none left stays on, marked "Sold out"', async () => {
    const soldOut = makeProduct({ ...apples, stock: 0, inStock: false });
    expect(soldOut).toMatchObject({ listed: true, inStock: false });
    const { user, requests } = renderWithApi(
      <ProductListPage />,
      {},
      { state: { products: [soldOut, cola] } },
    );
    const toggle = await screen.findByRole('switch', { name: 'In stock: Braeburn apples' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    const cardOf = (name: string) =>
      screen.getAllByRole('listitem').find((item) => within(item).queryByText(name) !== null)!;
    const row = cardOf('Braeburn apples');
    expect(within(row).getByText(MESSAGES.soldOut)).toBeInTheDocument();
    expect(within(row).queryByText('Low')).not.toBeInTheDocument();
    const colaRow = cardOf('Classic Cola 2L');
    expect(within(colaRow).queryByText(MESSAGES.soldOut)).not.toBeInTheDocument();

    await user.click(toggle);
    expect(await screen.findByText(MESSAGES.stockUpdated)).toBeInTheDocument();
    const sent = requests.filter((request) => request.url === '/api/product/stock');
    expect(sent.map((request) => request.body)).toEqual([{ id: 'p-apples', inStock: false }]);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(within(row).queryByText(MESSAGES.soldOut)).not.toBeInTheDocument();
  });

  it('deletes a product only after the seller confirms', async () => {
    const { user, requests } = renderWithApi(<ProductListPage />, {}, products);
    await user.click(await screen.findByRole('button', { name: 'Delete Classic Cola 2L' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Classic Cola 2L' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Product deleted')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url)).toEqual([
      '/api/product/p-cola',
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Classic Cola 2L' })).not.toBeInTheDocument(),
    );
    expect(server.state.products.map((product) => product._id)).toEqual(['p-apples']);
  });

  it('invites the seller to add a product when there are none', async () => {
    renderWithApi(<ProductListPage />);
    expect(await screen.findByText('No products yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/seller/add-product');
  });
});

describe('Product List: stock counts', () => {
  const counted = { ...apples, stock: 3 };
  const uncounted = { ...cola, inStock: true, stock: null };
  const counts = { state: { products: [counted, uncounted] } };

  it('shows each count, marks low stock, and saves an edited count on Enter', async () => {
    const { user, requests } = renderWithApi(<ProductListPage />, {}, counts);
    const input = await screen.findByRole('spinbutton', { name: 'Units in stock: Braeburn apples' });
    expect(input).toHaveValue(3);
    expect(screen.getByText('Low')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Units in stock: Classic Cola 2L' })).toHaveValue(null);

    await user.clear(input);
    await user.type(input, '40{Enter}');
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
    const sent = requests.filter((request) => request.url === '/api/product/stock');
    expect(sent.map((request) => request.body)).toEqual([{ id: 'p-apples', stock: 40 }]);
  });

  it('saves an emptied count as not counted when the field loses focus, and refuses a bad count', async () => {
    const { user, requests } = renderWithApi(<ProductListPage />, {}, counts);
    const input = await screen.findByRole('spinbutton', { name: 'Units in stock: Braeburn apples' });
    await user.clear(input);
    await user.type(input, '100001');
    await user.tab();
    expect(screen.getByText(MESSAGES.invalidStock)).toBeInTheDocument();
    expect(requests.some((request) => request.url === '/api/product/stock')).toBe(false);

    await user.clear(input);
    await user.tab();
    await waitFor(() =>
      expect(requests.filter((request) => request.url === '/api/product/stock').map((r) => r.body)).toEqual([
        { id: 'p-apples', stock: null },
      ]),
    );
  });

  it('links Edit to the product form', async () => {
    renderWithApi(<ProductListPage />, {}, counts);
    expect(await screen.findByRole('link', { name: 'Edit Braeburn apples' })).toHaveAttribute(
      'href',
      '/seller/edit-product/p-apples',
    );
  });
});

describe('Product List: search and pack sizes', () => {
  const bread = makeProduct({
    ...apples,
    _id: 'p-bread',
    name: 'Farmhouse loaf',
    netQuantity: null,
    unit: null,
  });
  const state = { state: { products: [apples, cola, bread] } };

  it('filters the list by name as the seller types, and says when nothing matches', async () => {
    const { user } = renderWithApi(<ProductListPage />, {}, state);
    await screen.findByText('Braeburn apples');
    expect(screen.getByText('3 products')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), '  COLA ');
    expect(screen.getByText('Classic Cola 2L')).toBeInTheDocument();
    expect(screen.queryByText('Braeburn apples')).not.toBeInTheDocument();
    expect(screen.queryByText('Farmhouse loaf')).not.toBeInTheDocument();
    expect(screen.getByText('1 of 3 products')).toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'kale');
    expect(screen.getByText('No products match “kale”.')).toBeInTheDocument();
    expect(screen.queryByText('No products yet')).not.toBeInTheDocument();
  });

  it('marks a product without a pack size, linking to its form, and only that one', async () => {
    renderWithApi(<ProductListPage />, {}, state);
    const notice = await screen.findByRole('link', { name: MESSAGES.addPackSize });
    expect(notice).toHaveAttribute('href', '/seller/edit-product/p-bread');
    expect(screen.getAllByText(MESSAGES.addPackSize)).toHaveLength(1);
  });

  it('no longer holds the shop settings, which have their own page', async () => {
    renderWithApi(<ProductListPage />, {}, state);
    await screen.findByText('Braeburn apples');
    expect(screen.queryByRole('region', { name: 'Shipping settings' })).not.toBeInTheDocument();
  });
});
