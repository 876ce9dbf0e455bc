import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDeliveryDate, MESSAGES } from '@larder/shared-domain';
import { makeAddress, makeProduct, pinClock, setupMockApi } from '@larder/shared-state/testing';
import CartPage from './CartPage';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

// 16:30 in London, after the 15:00 cut-off: the selectable delivery date is two days ahead.
const DELIVERY_DATE = '2026-11-25';
beforeEach(() => sessionStorage.clear());
beforeEach(() => pinClock('2026-11-23T16:30:00Z'));
afterEach(() => jest.useRealTimers());

const cookies = makeProduct({ _id: 'p-cookies', name: 'Oat Cookies', category: 'Bakery', offerPrice: 2 });
const address = makeAddress();

function setup() {
  // Of 20 places each: 10:00 has all 20 left, 11:00 one, 12:00 none.
  server.seed({
    products: [cookies],
    slotCapacity: 20,
    bookedSlots: { '11:00 - 12:00': 19, '12:00 - 13:00': 20 },
  });
  const store = createTestStore(server, {
    user: makeUser({ addresses: [address], defaultAddress: address._id }),
    cart: { 'p-cookies': 1 },
  });
  renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
  return { store, user: userEvent.setup() };
}

describe('Cart: delivery slot places', () => {
  it('shows the places left, and a full slot as "Full" that cannot be picked', async () => {
    setup();
    const full = await screen.findByRole('radio', { name: '12:00 - 13:00' });
    await waitFor(() => expect(full).toBeDisabled());
    expect(full).toHaveAccessibleDescription(MESSAGES.slotFullLabel);
    expect(screen.getByRole('radio', { name: '10:00 - 11:00' })).toHaveAccessibleDescription(
      '20 places left',
    );
    expect(screen.getByRole('radio', { name: '11:00 - 12:00' })).toHaveAccessibleDescription('1 place left');
    expect(screen.getByRole('radio', { name: '11:00 - 12:00' })).toBeEnabled();
  });

  it('shows the 409 "slot full" message and refreshes the slots when the slot filled meanwhile', async () => {
    const { user } = setup();
    // Another customer takes the last 11:00 place just before this order arrives.
    server.on('POST', '/api/order/cod', (_request, state) => {
      state.bookedSlots['11:00 - 12:00'] = 20;
    });
    await screen.findByTestId('order-totals');
    await user.click(await screen.findByRole('radio', { name: formatDeliveryDate(DELIVERY_DATE) }));
    const eleven = await screen.findByRole('radio', { name: '11:00 - 12:00' });
    await waitFor(() => expect(eleven).toHaveAccessibleDescription('1 place left'));
    await user.click(eleven);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm your order' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Order' }));

    expect(await screen.findByText(MESSAGES.slotFull)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: '11:00 - 12:00' })).toBeDisabled());
    expect(screen.getByRole('radio', { name: '11:00 - 12:00' })).not.toBeChecked();
    expect(server.sent('GET', '/api/delivery/slots').length).toBeGreaterThanOrEqual(2);
  });
});
