import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
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
  await user.type(screen.getByLabelText(/Pack size/), '4');
  await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'items (each)');
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
    // The pack size is optional.
    expect(screen.queryByText(MESSAGES.invalidNetQuantity)).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.packSizeAndUnit)).not.toBeInTheDocument();
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

  it("offers the UK VAT rates, 0, 5 and 20 percent, as the VAT box's choices", () => {
    renderPage();
    const vat = screen.getByLabelText(/VAT/);
    const choices = document.getElementById(vat.getAttribute('list')!)!;
    expect(choices.tagName).toBe('DATALIST');
    expect([...choices.querySelectorAll('option')].map((option) => option.value)).toEqual(['0', '5', '20']);
    expect(vat).toHaveAccessibleDescription('UK rates: 0% (most food), 5% or 20%');
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
      netQuantity: 4,
      unit: 'each',
      dietary: [],
      ageRestricted: false,
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
        body: {
          success: false,
          message: MESSAGES.imageType,
          code: ERROR_CODES.VALIDATION_FAILED,
          field: 'images',
        },
      },
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    // Beside the field it names (a toast may say it too).
    expect(
      await screen.findByText(MESSAGES.imageType, { selector: '#product-images-error' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/Product name/)).toHaveValue('Braeburn apples');
  });

  it('places a refusal by the field it names, not by its words', async () => {
    const { user } = renderPage({
      'POST /api/product/add': {
        status: 400,
        body: { success: false, message: MESSAGES.offerAbovePrice, code: ERROR_CODES.VALIDATION_FAILED },
      },
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText(MESSAGES.offerAbovePrice)).toBeInTheDocument();
    expect(screen.getByLabelText(/Offer price/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows beside each price before VAT the price with VAT shoppers will see, as typed', async () => {
    const { user } = renderPage();
    const price = screen.getByLabelText(/Product price/);
    const offer = screen.getByLabelText(/Offer price/);
    expect(price).toHaveAccessibleDescription('Before VAT');
    await user.type(price, '7.50');
    await user.type(offer, '6.25');
    await user.type(screen.getByLabelText(/VAT/), '20');
    expect(price).toHaveAccessibleDescription('Before VAT; shoppers see £9.00 with VAT');
    expect(offer).toHaveAccessibleDescription('Before VAT; shoppers see £7.50 with VAT');
    await user.type(screen.getByLabelText(/Pack size/), '750');
    await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'millilitres (ml)');
    // The unit price of the price shoppers see: £7.50 for 750 ml.
    expect(screen.getByTestId('unit-price-preview')).toHaveTextContent(
      'Unit price in the shop: £10.00/litre',
    );
  });

  it('shows the unit price the shop will print as the pack is typed', async () => {
    const { user } = renderPage();
    await user.selectOptions(screen.getByLabelText(/Category/), 'Whole Spices');
    await user.type(screen.getByLabelText(/Offer price/), '1.50');
    await user.type(screen.getByLabelText(/Pack size/), '50');
    await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'grams (g)');
    expect(screen.getByTestId('unit-price-preview')).toHaveTextContent(
      /once the pack, offer price and VAT are in/,
    );
    await user.type(screen.getByLabelText(/VAT/), '0');
    await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'grams (g)');
    expect(screen.getByTestId('unit-price-preview')).toHaveTextContent('Unit price in the shop: £3.00/100g');
    await user.clear(screen.getByLabelText(/Pack size/));
    await user.type(screen.getByLabelText(/Pack size/), '1.5');
    await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'kilograms (kg)');
    expect(screen.getByTestId('unit-price-preview')).toHaveTextContent('£0.10/100g');
  });

  it('sends full food information, and refuses nutrition that does not add up', async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    await user.click(screen.getByLabelText('Vegan'));
    await user.click(screen.getByLabelText('Vegetarian'));
    const nutrients: [RegExp, string][] = [
      [/Energy \(kJ\)/, '218'],
      [/Energy \(kcal\)/, '51'],
      [/^Fat/, '0.1'],
      [/saturates/, '0.2'],
      [/^Carbohydrate/, '11.8'],
      [/sugars/, '11.8'],
      [/^Protein/, '0.4'],
      [/^Salt/, '0'],
    ];
    for (const [label, value] of nutrients) await user.type(screen.getByLabelText(label), value);
    await user.type(screen.getByLabelText(/^Origin/), 'France');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText(/saturates/)).toHaveAccessibleDescription(MESSAGES.saturatesAboveFat);
    await waitFor(() => expect(screen.getByLabelText(/saturates/)).toHaveFocus());
    expect(requests).toHaveLength(0);

    await user.clear(screen.getByLabelText(/saturates/));
    await user.type(screen.getByLabelText(/saturates/), '0');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    const sent = JSON.parse((requests[0].body as FormData).get('productData') as string);
    expect(sent).toMatchObject({
      netQuantity: 4,
      unit: 'each',
      dietary: ['vegetarian', 'vegan'],
      origin: 'France',
      nutrition: {
        energyKj: 218,
        energyKcal: 51,
        fat: 0.1,
        saturates: 0,
        carbohydrate: 11.8,
        sugars: 11.8,
        fibre: null,
        protein: 0.4,
        salt: 0,
      },
    });
    expect(server.state.products[0].unitPrice).toEqual({ amount: 0.5, per: 'each' });
  });

  it("adds a product from the spec's fields alone: no pack size, so no unit price", async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    await user.clear(screen.getByLabelText(/Pack size/));
    await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'Select unit');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    const sent = JSON.parse((requests[0].body as FormData).get('productData') as string);
    expect(sent).toEqual({
      name: 'Braeburn apples',
      description: [],
      category: 'Fruits',
      price: 2.5,
      offerPrice: 1.99,
      vat: 0,
      dietary: [],
      ageRestricted: false,
    });
    expect(server.state.products[0]).toMatchObject({ netQuantity: null, unit: null, unitPrice: null });
    // Nothing ticked: the allergens are not assumed, the product is unconfirmed.
    expect(server.state.products[0]).toMatchObject({ allergens: [], allergensConfirmed: false });
  });

  it('confirms "Contains none of the 14 allergens" only when it is ticked, and clears it when one is ticked', async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    const none = screen.getByRole('checkbox', { name: MESSAGES.noAllergensLabel });
    await user.click(none);
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    expect(JSON.parse((requests[0].body as FormData).get('productData') as string).allergens).toEqual([]);
    expect(server.state.products[0]).toMatchObject({ allergens: [], allergensConfirmed: true });

    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox', { name: MESSAGES.noAllergensLabel }));
    await user.click(screen.getByRole('checkbox', { name: 'milk' }));
    expect(screen.getByRole('checkbox', { name: MESSAGES.noAllergensLabel })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(JSON.parse((requests[1].body as FormData).get('productData') as string).allergens).toEqual([
      'milk',
    ]);
    expect(server.state.products[0]).toMatchObject({ allergens: ['milk'], allergensConfirmed: true });
  });

  it('asks for the unit of a pack size, beside the unit', async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    await user.selectOptions(screen.getByLabelText(/^Unit(?!s)/), 'Select unit');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText(/^Unit(?!s)/)).toHaveAccessibleDescription(MESSAGES.packSizeAndUnit);
    await waitFor(() => expect(screen.getByLabelText(/^Unit(?!s)/)).toHaveFocus());
    expect(requests).toHaveLength(0);
  });

  async function fillNutrition(user: ReturnType<typeof userEvent.setup>, salt: string) {
    const nutrients: [RegExp, string][] = [
      [/Energy \(kJ\)/, '1030'],
      [/Energy \(kcal\)/, '246'],
      [/^Fat/, '12.5'],
      [/saturates/, '0.05'],
      [/^Carbohydrate/, '30.1'],
      [/sugars/, '2.5'],
      [/^Protein/, '8.2'],
      [/^Salt/, salt],
    ];
    for (const [label, value] of nutrients) await user.type(screen.getByLabelText(label), value);
  }

  it('takes nutrition as labels print it (salt 0.31 g, saturates 0.05 g)', async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    await fillNutrition(user, '0.31');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    const sent = JSON.parse((requests[0].body as FormData).get('productData') as string);
    expect(sent.nutrition).toMatchObject({ fat: 12.5, saturates: 0.05, salt: 0.31 });
  });

  it('refuses salt 1.25 g beside the Salt box and puts the focus there', async () => {
    const { user, requests } = renderPage();
    await fillValidForm(user);
    await fillNutrition(user, '1.25');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const salt = screen.getByLabelText(/^Salt/);
    expect(salt).toHaveAccessibleDescription(MESSAGES.invalidNutrientGrams('Salt'));
    expect(salt).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(salt).toHaveFocus());
    expect(screen.getByLabelText(/Energy \(kJ\)/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);
  });

  it("shows the server's refusal of a figure beside that figure and puts the focus there", async () => {
    const refusal = MESSAGES.invalidNutrientGrams('Salt');
    const { user } = renderPage({
      'POST /api/product/add': {
        status: 400,
        body: {
          success: false,
          message: refusal,
          code: ERROR_CODES.VALIDATION_FAILED,
          field: 'nutrition.salt',
        },
      },
    });
    await fillValidForm(user);
    await fillNutrition(user, '0.31');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const salt = screen.getByLabelText(/^Salt/);
    await waitFor(() => expect(salt).toHaveFocus());
    expect(salt).toHaveAccessibleDescription(refusal);
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
