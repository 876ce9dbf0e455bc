import { screen, waitFor } from '@testing-library/react';
import { HFSS_CATEGORY_LABELS } from '@larder/shared-domain';
import { renderWithApi } from '../../../test/render';
import AddProductPage from './AddProductPage';

const png = (name: string) => new File(['picture'], name, { type: 'image/png' });

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('Add Product: the food promotion rules (HFSS)', () => {
  it('proposes a category from the shop category and name, scores the product as typed and sends both fields', async () => {
    const { user, requests } = renderWithApi(<AddProductPage />);
    await user.upload(screen.getByLabelText('Product image 1'), png('front.png'));
    await user.type(screen.getByLabelText(/Product name/), 'Chocolate digestive biscuits');
    await user.selectOptions(screen.getByLabelText(/Category/), 'Bakery');
    await user.type(screen.getByLabelText(/Product price/), '2.00');
    await user.type(screen.getByLabelText(/Offer price/), '2.00');
    await user.type(screen.getByLabelText(/VAT/), '20');

    const category = screen.getByLabelText('HFSS category');
    expect(category).toHaveAccessibleDescription(
      `Proposed from the category and name: ${HFSS_CATEGORY_LABELS['sweet-biscuits']}`,
    );
    expect(category).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Use the proposed category' }));
    expect(category).toHaveValue('sweet-biscuits');
    expect(screen.queryByRole('button', { name: 'Use the proposed category' })).not.toBeInTheDocument();

    // Chocolate biscuits per 100 g: the model scores them 22.
    const nutrients: [RegExp, string][] = [
      [/Energy \(kJ\)/, '2100'],
      [/Energy \(kcal\)/, '502'],
      [/^Fat/, '24'],
      [/saturates/, '15'],
      [/^Carbohydrate/, '64'],
      [/sugars/, '30'],
      [/^Fibre/, '2'],
      [/^Protein/, '6'],
      [/^Salt/, '0.5'],
    ];
    for (const [label, value] of nutrients) await user.type(screen.getByLabelText(label), value);
    expect(screen.getByText(/^Score unknown/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Fruit, vegetables and nuts (%)'), '0');
    expect(screen.getByText('Score 22: less healthy (HFSS).')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product added')).toBeInTheDocument();
    const sent = JSON.parse((requests[0].body as FormData).get('productData') as string);
    expect(sent).toMatchObject({ fruitVegNuts: 0, hfssCategory: 'sweet-biscuits' });
  });

  it('refuses a fruit, vegetable and nut content that is not a whole percent, and sends nothing', async () => {
    const { user, requests } = renderWithApi(<AddProductPage />);
    await user.type(screen.getByLabelText('Fruit, vegetables and nuts (%)'), '101');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(screen.getByLabelText('Fruit, vegetables and nuts (%)')).toHaveAccessibleDescription(
      expect.stringContaining('Fruit, vegetables and nuts must be a whole percent from 0 to 100'),
    );
    await waitFor(() => expect(screen.getByLabelText('Product image 1')).toHaveFocus());
    expect(requests).toHaveLength(0);
  });
});
