import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { renderWithApi, server, type Routes } from '../../../test/render';
import AddProductPage from './AddProductPage';

function renderPage(routes: Routes = {}) {
  return renderWithApi(<AddProductPage />, routes);
}

const png = (name: string) => new File(['picture'], name, { type: 'image/png' });

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.upload(screen.getByLabelText('Product image 1'), png('front.png'));
  await user.type(screen.getByLabelText(/Product name/), 'Braeburn apples');
  await user.selectOptions(screen.getByLabelText(/Category/), 'Fresh Fruits');
  await user.type(screen.getByLabelText(/Product price/), '2.50');
  await user.type(screen.getByLabelText(/Offer price/), '1.99');
  await user.type(screen.getByLabelText(/VAT/), '0');
}

let previews = 0;
beforeEach(() => {
  previews = 0;
  URL.createObjectURL = jest.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = jest.fn();
});

describe('Add Product', () => {
  it('lists every missing field, focuses the first and sends nothing', async () => {
    const { user, requests } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(screen.getByText('Add at least one product image')).toBeInTheDocument();
    expect(screen.getByText('Enter the product name')).toBeInTheDocument();
    expect(screen.getByText('Choose a category')).toBeInTheDocument();
    expect(screen.getByText('Enter the product price')).toBeInTheDocument();
    expect(screen.getByText('Enter the offer price')).toBeInTheDocument();
    expect(screen.getByText('Enter the VAT rate')).toBeInTheDocument();
    expect(screen.getByLabelText(/Product name/)).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Product image 1')).toHaveFocus());
    expect(requests).toHaveLength(0);
  });

  it('refuses an offer price above the price', async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText(/Offer price/));
    await user.type(screen.getByLabelText(/Offer price/), '2.51');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(screen.getByText('The offer price cannot be more than the product price')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Offer price/)).toHaveFocus());
    expect(requests).toHaveLength(0);
  });

  it('refuses a VAT rate above 100 percent', async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText(/VAT/));
    await user.type(screen.getByLabelText(/VAT/), '120');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(screen.getByText('VAT must be a number from 0 to 100')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('uploads productData with the description split into lines and the images, then clears the form', async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Product image 2'), png('side.png'));
    await user.type(
      screen.getByLabelText(/Product description/),
      'Crisp and sweet{Enter}{Enter}  Grown in Kent  {Enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Product added')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/product/add');
    const body = request.body as FormData;
    expect(JSON.parse(body.get('productData') as string)).toEqual({
      name: 'Braeburn apples',
      description: ['Crisp and sweet', 'Grown in Kent'],
      category: 'Fruits',
      price: 2.5,
      offerPrice: 1.99,
      vat: 0,
    });
    expect((body.getAll('images') as File[]).map((file) => file.name)).toEqual(['front.png', 'side.png']);
    expect(server.state.products.map((product) => product.name)).toEqual(['Braeburn apples']);

    await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue(''));
    expect(screen.getByLabelText(/Product description/)).toHaveValue('');
    expect(screen.queryByRole('button', { name: /Remove product image/ })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-2');
  });

  it("shows the server's message when the product is refused and keeps what was typed", async () => {
    const { user } = renderPage({
      'POST /api/product/add': {
        status: 400,
        body: { success: false, message: 'Images must be JPEG, PNG, WebP or AVIF' },
      },
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('Images must be JPEG, PNG, WebP or AVIF')).toBeInTheDocument();
    expect(screen.getByLabelText(/Product name/)).toHaveValue('Braeburn apples');
  });

  it('previews a chosen picture and lets it be removed', async () => {
    const { user } = renderPage();
    await user.upload(screen.getByLabelText('Product image 1'), png('front.png'));
    expect(document.querySelector('img[src="blob:preview-1"]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove product image 1' }));
    expect(document.querySelector('img[src="blob:preview-1"]')).toBeNull();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
  });
});
