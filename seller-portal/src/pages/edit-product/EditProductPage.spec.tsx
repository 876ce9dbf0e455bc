import { makeProduct } from '@larder/shared-state/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import type { ProductDto } from '@larder/shared-state';
import { renderWithApi, server } from '../../../test/render';
import AddProductPage from '../add-product/AddProductPage';
import EditProductPage from './EditProductPage';

const cookies: ProductDto = makeProduct({
  _id: 'p-cookies',
  name: 'Oat Cookies',
  category: 'Bakery',
  description: ['Baked in Bristol', 'Pack of 8'],
  price: 2.5,
  offerPrice: 2,
  vat: 20,
  image: ['/uploads/cookies-1.webp', '/uploads/cookies-2.webp'],
  inStock: true,
  stock: 4,
  maxPerOrder: 6,
  ingredients: 'Oats, wheat flour, butter (milk)',
  allergens: ['milk', 'gluten'],
});

const screens = (
  <Routes>
    <Route path="/seller/edit-product/:id" element={<EditProductPage />} />
    <Route path="/seller/product-list" element={<h1>Product List</h1>} />
  </Routes>
);

let previews = 0;
beforeEach(() => {
  previews = 0;
  URL.createObjectURL = jest.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = jest.fn();
});

describe('Edit Product', () => {
  it('opens the form prefilled, shows the current pictures and saves the changes with PUT', async () => {
    const { user, requests } = renderWithApi(
      screens,
      {},
      { path: '/seller/edit-product/p-cookies', state: { products: [structuredClone(cookies)] } },
    );

    expect(await screen.findByRole('heading', { name: 'Edit Product', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText(/Product name/)).toHaveValue('Oat Cookies');
    expect(screen.getByLabelText(/Product description/)).toHaveValue('Baked in Bristol\nPack of 8');
    expect(screen.getByLabelText(/Category/)).toHaveValue('Bakery');
    expect(screen.getByLabelText(/Product price/)).toHaveValue(2.5);
    expect(screen.getByLabelText(/Offer price/)).toHaveValue(2);
    expect(screen.getByLabelText(/VAT/)).toHaveValue(20);
    expect(screen.getByLabelText('Units in stock')).toHaveValue(4);
    expect(screen.getByLabelText('Maximum per order')).toHaveValue(6);
    expect(screen.getByLabelText('Ingredients')).toHaveValue('Oats, wheat flour, butter (milk)');
    expect(screen.getByRole('checkbox', { name: 'milk' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'cereals containing gluten' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'eggs' })).not.toBeChecked();
    const current = screen.getByRole('list', { name: 'Current pictures' });
    expect(within(current).getAllByRole('img')).toHaveLength(2);

    await user.clear(screen.getByLabelText(/Offer price/));
    await user.type(screen.getByLabelText(/Offer price/), '1.80');
    await user.clear(screen.getByLabelText('Units in stock'));
    await user.clear(screen.getByLabelText('Maximum per order'));
    await user.type(screen.getByLabelText('Maximum per order'), '4');
    await user.click(screen.getByRole('checkbox', { name: 'eggs' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(MESSAGES.productUpdated)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Product List', level: 1 })).toBeInTheDocument();
    const put = requests.filter((request) => request.method === 'PUT');
    expect(put.map((request) => request.url)).toEqual(['/api/product/p-cookies']);
    const body = put[0].body as FormData;
    expect(JSON.parse(body.get('productData') as string)).toEqual({
      name: 'Oat Cookies',
      description: ['Baked in Bristol', 'Pack of 8'],
      category: 'Bakery',
      price: 2.5,
      offerPrice: 1.8,
      vat: 20,
      stock: null,
      maxPerOrder: 4,
      ingredients: 'Oats, wheat flour, butter (milk)',
      allergens: ['gluten', 'eggs', 'milk'],
      // An edit sends every field, so clearing one clears it.
      netQuantity: 1,
      unit: 'each',
      nutrition: null,
      storage: null,
      origin: null,
      producer: null,
      dietary: [],
      ageRestricted: false,
      fruitVegNuts: null,
      hfssCategory: null,
    });
    expect(body.getAll('images')).toEqual([]);
    expect(server.state.products[0]).toMatchObject({
      offerPrice: 1.8,
      stock: null,
      maxPerOrder: 4,
      image: cookies.image,
    });
  });

  it('clears the limit per order when the field is emptied', async () => {
    const { user, requests } = renderWithApi(
      screens,
      {},
      { path: '/seller/edit-product/p-cookies', state: { products: [structuredClone(cookies)] } },
    );
    await user.clear(await screen.findByLabelText('Maximum per order'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(MESSAGES.productUpdated);
    const body = requests.find((request) => request.method === 'PUT')!.body as FormData;
    expect(JSON.parse(body.get('productData') as string)).toMatchObject({ maxPerOrder: null });
    expect(server.state.products[0].maxPerOrder).toBeNull();
  });

  it('replaces the pictures only when new ones are chosen', async () => {
    const { user, requests } = renderWithApi(
      screens,
      {},
      { path: '/seller/edit-product/p-cookies', state: { products: [structuredClone(cookies)] } },
    );
    await user.upload(
      await screen.findByLabelText('Product image 1'),
      new File(['picture'], 'new.png', { type: 'image/png' }),
    );
    expect(screen.getByText('The new pictures below will replace these when you save.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText(MESSAGES.productUpdated);
    const body = requests.find((request) => request.method === 'PUT')!.body as FormData;
    expect((body.getAll('images') as File[]).map((file) => file.name)).toEqual(['new.png']);
  });

  it('says when the product no longer exists', async () => {
    renderWithApi(screens, {}, { path: '/seller/edit-product/p-gone' });
    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeInTheDocument();
  });
});

describe('Add Product with food information', () => {
  it('sends the stock, the ingredients and the ticked allergens', async () => {
    const { user, requests } = renderWithApi(<AddProductPage />);
    await user.upload(
      screen.getByLabelText('Product image 1'),
      new File(['picture'], 'front.png', { type: 'image/png' }),
    );
    await user.type(screen.getByLabelText(/Product name/), 'Oat Cookies');
    await user.selectOptions(screen.getByLabelText(/Category/), 'Bakery');
    await user.type(screen.getByLabelText(/Product price/), '2.50');
    await user.type(screen.getByLabelText(/Offer price/), '2.00');
    await user.type(screen.getByLabelText(/VAT/), '20');
    await user.type(screen.getByLabelText(/Pack size/), '200');
    await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'grams (g)');
    await user.type(screen.getByLabelText('Units in stock'), '12');
    await user.type(screen.getByLabelText('Ingredients'), 'Oats, butter (milk)');
    await user.click(screen.getByRole('checkbox', { name: 'milk' }));
    await user.click(screen.getByRole('checkbox', { name: 'cereals containing gluten' }));
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Product added')).toBeInTheDocument();
    const body = requests.find((request) => request.url === '/api/product/add')!.body as FormData;
    expect(JSON.parse(body.get('productData') as string)).toMatchObject({
      stock: 12,
      ingredients: 'Oats, butter (milk)',
      allergens: ['gluten', 'milk'],
    });
    await waitFor(() => expect(screen.getByLabelText('Units in stock')).toHaveValue(null));
  });

  it('sends the maximum per order when one is given, and nothing for an empty field', async () => {
    const { user, requests } = renderWithApi(<AddProductPage />);
    const fill = async (name: string, limit: string) => {
      await user.upload(
        screen.getByLabelText('Product image 1'),
        new File(['picture'], 'front.png', { type: 'image/png' }),
      );
      await user.type(screen.getByLabelText(/Product name/), name);
      await user.selectOptions(screen.getByLabelText(/Category/), 'Dairy');
      await user.type(screen.getByLabelText(/Product price/), '3.50');
      await user.type(screen.getByLabelText(/Offer price/), '3.20');
      await user.type(screen.getByLabelText(/VAT/), '0');
      await user.type(screen.getByLabelText(/Pack size/), '12');
      await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'items (each)');
      if (limit) await user.type(screen.getByLabelText('Maximum per order'), limit);
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      await screen.findByText('Product added');
      await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue(''));
    };
    await fill('Free Range Eggs x12', '6');
    await fill('Duck Eggs x6', '');
    const sent = requests
      .filter((request) => request.url === '/api/product/add')
      .map((request) => JSON.parse((request.body as FormData).get('productData') as string));
    expect(sent[0]).toMatchObject({ name: 'Free Range Eggs x12', maxPerOrder: 6 });
    expect(sent[1]).not.toHaveProperty('maxPerOrder');
  });

  it.each(['0', '100', '2.5', '-1'])(
    'refuses a maximum per order of %s with the message tied to the field',
    async (limit) => {
      const { user, requests } = renderWithApi(<AddProductPage />);
      const field = screen.getByLabelText('Maximum per order');
      await user.type(field, limit);
      await user.click(screen.getByRole('button', { name: 'Add Product' }));
      expect(field).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.invalidMaxPerOrder));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(requests).toHaveLength(0);
    },
  );

  it('refuses a stock that is not a whole number from 0 to 100000', async () => {
    const { user, requests } = renderWithApi(<AddProductPage />);
    await user.type(screen.getByLabelText('Units in stock'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByText(MESSAGES.invalidStock)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
