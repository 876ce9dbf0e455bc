import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProduct } from '@larder/shared-state/testing';
import {
  FOOD_PROMOTION_TEXTS,
  lessHealthyPromotionMessage,
  wasPriceNotChargedMessage,
} from '@larder/shared-domain';
import type { SellerPromotionDto } from '@larder/shared-state';
import { renderWithApi } from '../../../test/render';
import PromotionsPage from './PromotionsPage';

const rice = makeProduct({ _id: 'p-rice', name: 'Basmati Rice 500g' });
const beans = makeProduct({ _id: 'p-beans', name: 'Baked Beans' });

const running: SellerPromotionDto = {
  _id: 'promo-1',
  kind: 'multibuy',
  label: '3 for £5',
  products: ['p-rice'],
  quantity: 3,
  price: 5,
  free: 0,
  wasPrice: null,
  startsAt: '2026-11-20T00:00:00+00:00',
  endsAt: '2026-12-01T00:00:00+00:00',
  active: true,
  state: 'running',
  unitsSold: 9,
  saving: 3,
  notApplied: [],
};

describe('Seller promotions', () => {
  it('lists a promotion with its products, end, units sold and saving, and ends it early', async () => {
    const { requests } = renderWithApi(
      <PromotionsPage />,
      {},
      { state: { products: [rice, beans], sellerPromotions: [running] } },
    );
    const card = await screen.findByRole('article', { name: '3 for £5' });
    expect(card).toHaveTextContent('Running');
    expect(card).toHaveTextContent('Basmati Rice 500g');
    expect(card).toHaveTextContent('Ends Mon 30 Nov');
    expect(within(card).getByText('Units sold in its deals').nextElementSibling).toHaveTextContent('9');
    expect(within(card).getByText('Saving given').nextElementSibling).toHaveTextContent('£3.00');

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'End now' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End now' }));
    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('DELETE /api/seller/promotions/promo-1'),
    );
    await waitFor(() => expect(screen.getByRole('article', { name: '3 for £5' })).toHaveTextContent('Ended'));
  });

  it('tells the seller which less healthy products a running multi-buy no longer applies to', async () => {
    renderWithApi(
      <PromotionsPage />,
      {},
      {
        state: {
          products: [rice, beans],
          sellerPromotions: [{ ...running, notApplied: ['Basmati Rice 500g'] }],
        },
      },
    );
    const card = await screen.findByRole('article', { name: '3 for £5' });
    expect(card).toHaveTextContent(`${FOOD_PROMOTION_TEXTS.notApplied} Basmati Rice 500g`);
  });

  it('shows the refusal of a multi-buy of a less healthy product with its message', async () => {
    const message = lessHealthyPromotionMessage('Basmati Rice 500g');
    renderWithApi(
      <PromotionsPage />,
      { 'POST /api/seller/promotions': { status: 400, body: { success: false, message } } },
      { state: { products: [rice, beans] } },
    );
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Create a promotion' });
    await user.click(within(form).getByRole('checkbox', { name: 'Basmati Rice 500g' }));
    await user.type(within(form).getByLabelText('Deal price (£, with VAT)'), '5');
    await user.type(within(form).getByLabelText('First day'), '2026-12-01');
    await user.type(within(form).getByLabelText('Last day'), '2026-12-07');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });

  it('creates "Any 2 for £3" over two products, and says why when no product is chosen', async () => {
    renderWithApi(<PromotionsPage />, {}, { state: { products: [rice, beans] } });
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Create a promotion' });
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose 1 to 50 products, each once');

    await user.click(within(form).getByRole('checkbox', { name: 'Basmati Rice 500g' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Baked Beans' }));
    await user.clear(within(form).getByLabelText('Units in a deal'));
    await user.type(within(form).getByLabelText('Units in a deal'), '2');
    await user.type(within(form).getByLabelText('Deal price (£, with VAT)'), '3');
    await user.type(within(form).getByLabelText('First day'), '2026-12-01');
    await user.type(within(form).getByLabelText('Last day'), '2026-12-07');
    await user.click(within(form).getByRole('button', { name: 'Create promotion' }));
    const card = await screen.findByRole('article', { name: 'Any 2 for £3' });
    expect(card).toHaveTextContent('Scheduled');
    expect(card).toHaveTextContent('Basmati Rice 500g, Baked Beans');
  });

  it('changes a running promotion: its terms shown in the form, the new ones saved with PUT', async () => {
    const { requests, user } = renderWithApi(
      <PromotionsPage />,
      {},
      { state: { products: [rice, beans], sellerPromotions: [{ ...running }] } },
    );
    const card = await screen.findByRole('article', { name: '3 for £5' });
    await user.click(within(card).getByRole('button', { name: 'Change' }));
    const form = within(card).getByRole('region', { name: 'Change 3 for £5' });
    expect(within(form).getByRole('checkbox', { name: 'Basmati Rice 500g' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Baked Beans' })).not.toBeChecked();
    expect(within(form).getByLabelText('Units in a deal')).toHaveValue(3);
    expect(within(form).getByLabelText('Deal price (£, with VAT)')).toHaveValue('5.00');
    expect(within(form).getByLabelText('First day')).toHaveValue('2026-11-20');
    // It runs to the end of 30 November (its end is midnight).
    expect(within(form).getByLabelText('Last day')).toHaveValue('2026-11-30');

    await user.click(within(form).getByRole('checkbox', { name: 'Baked Beans' }));
    await user.clear(within(form).getByLabelText('Deal price (£, with VAT)'));
    await user.type(within(form).getByLabelText('Deal price (£, with VAT)'), '4.50');
    await user.clear(within(form).getByLabelText('Last day'));
    await user.type(within(form).getByLabelText('Last day'), '2026-12-06');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByRole('article', { name: 'Any 3 for £4.50' })).toHaveTextContent(
      'Basmati Rice 500g, Baked Beans',
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe('/api/seller/promotions/promo-1');
    expect(put?.body).toEqual({
      kind: 'multibuy',
      products: ['p-rice', 'p-beans'],
      quantity: 3,
      price: 4.5,
      // The first day unchanged is sent as it was; the last day as the date chosen.
      startsAt: '2026-11-20T00:00:00+00:00',
      endsAt: '2026-12-06',
    });
    expect(screen.queryByRole('region', { name: /^Change / })).not.toBeInTheDocument();
  });

  it('shows why the shop refused a change, and keeps the form open', async () => {
    const reduction: SellerPromotionDto = {
      ...running,
      _id: 'promo-2',
      kind: 'reduction',
      label: 'Was £2.50, now £1.80',
      quantity: 1,
      price: 1.8,
      wasPrice: 2.5,
      startsAt: '2026-12-08T00:00:00+00:00',
      endsAt: '2026-12-10T00:00:00+00:00',
      active: false,
      state: 'scheduled',
    };
    const refusal = wasPriceNotChargedMessage('Basmati Rice 500g', 250);
    const { user } = renderWithApi(
      <PromotionsPage />,
      {
        'PUT /api/seller/promotions/promo-2': { status: 400, body: { success: false, message: refusal } },
      },
      { state: { products: [rice, beans], sellerPromotions: [reduction] } },
    );
    const card = await screen.findByRole('article', { name: 'Was £2.50, now £1.80' });
    await user.click(within(card).getByRole('button', { name: 'Change' }));
    const form = within(card).getByRole('region', { name: 'Change Was £2.50, now £1.80' });
    expect(form).toHaveTextContent('Kind: Reduction');
    expect(within(form).getByLabelText('Reduced price (£, with VAT)')).toHaveValue('1.80');
    await user.clear(within(form).getByLabelText('First day'));
    await user.type(within(form).getByLabelText('First day'), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(refusal);
    expect(card).toHaveTextContent('Was £2.50, now £1.80');

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('region')).not.toBeInTheDocument();
  });
});
