import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeAddress, makeProduct, pinClock, setupMockApi } from '@larder/shared-state/testing';
import type { PromotionDto } from '@larder/shared-state';
import CartPage from './CartPage';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

beforeEach(() => sessionStorage.clear());
beforeEach(() => pinClock('2026-11-23T10:30:00Z'));
afterEach(() => jest.useRealTimers());

const promotion: PromotionDto = {
  _id: 'promo-1',
  kind: 'multibuy',
  label: '3 for £5',
  products: ['p-rice'],
  quantity: 3,
  price: 5,
  free: 0,
  wasPrice: null,
  startsAt: '2026-11-23T00:00:00+00:00',
  endsAt: '2026-11-30T00:00:00+00:00',
  active: true,
};
const rice = makeProduct({
  _id: 'p-rice',
  name: 'Basmati Rice 500g',
  offerPrice: 2,
  price: 2,
  netQuantity: 500,
  unit: 'g',
  promotion: {
    _id: 'promo-1',
    kind: 'multibuy' as const,
    label: '3 for £5',
    endsAt: '2026-11-30T00:00:00+00:00',
    unitPrice: { amount: 3.33, per: 'kg' },
    price: null,
    was: null,
  },
});
const milk = makeProduct({ _id: 'p-milk', name: 'Whole Milk', offerPrice: 1.2, price: 1.2 });
const address = makeAddress();

function setup(cart: Record<string, number>) {
  server.seed({ products: [rice, milk], promotions: [promotion] });
  const store = createTestStore(server, {
    user: makeUser({ addresses: [address], defaultAddress: address._id }),
    cart,
  });
  renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
  return { store, user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

describe('Cart: promotions', () => {
  it('groups the lines under their deal and says what would complete it', async () => {
    setup({ 'p-rice': 2, 'p-milk': 1 });
    const deal = await screen.findByRole('region', { name: '3 for £5' });
    expect(within(deal).getByText('Basmati Rice 500g')).toBeInTheDocument();
    expect(within(deal).queryByText('Whole Milk')).not.toBeInTheDocument();
    expect(within(deal).getByTestId('deal-nudge')).toHaveTextContent('Add 1 more to get 3 for £5');
    expect(
      within(screen.getByRole('list', { name: 'Cart items' })).getByText('Whole Milk'),
    ).toBeInTheDocument();
    const totals = await screen.findByTestId('order-totals');
    await waitFor(() => expect(totals).toHaveTextContent('Total Amount:£9.19'));
    expect(totals).not.toHaveTextContent('Total savings');
  });

  it('completing the deal prices it as the server does, with the saving on the line and in the totals', async () => {
    const { user } = setup({ 'p-rice': 2, 'p-milk': 1 });
    const deal = await screen.findByRole('region', { name: '3 for £5' });
    await user.click(within(deal).getByRole('button', { name: /increase/i }));
    await waitFor(() => expect(within(deal).queryByTestId('deal-nudge')).not.toBeInTheDocument());
    expect(within(deal).getAllByText('You save £1.00')).toHaveLength(2);
    const totals = screen.getByTestId('order-totals');
    // £6.00 of rice for £5 and milk at £1.20, with £3.99 delivery below £40.
    await waitFor(() => expect(totals).toHaveTextContent('Price£7.20'));
    expect(totals).toHaveTextContent('Total savings-£1.00');
    expect(totals).toHaveTextContent('Total Amount:£10.19');
  });
});
