import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDeliveryDate, MESSAGES, selectableDeliveryDate } from '@larder/shared-domain';
import { selectCartItems, type ProductDto } from '@larder/shared-state';
import CartPage from './CartPage';
import { createTestStore, makeUser, renderPage, ScriptedApi } from '../../../test/page-testing';

const cookies: ProductDto = {
  _id: 'p-cookies',
  name: 'Oat Cookies',
  category: 'Bakery',
  description: ['Baked in Bristol'],
  price: 2.5,
  offerPrice: 2,
  vat: 0,
  image: [],
  inStock: true,
  stock: null,
  ingredients: '',
  allergens: [],
};

const address = {
  _id: 'addr-1',
  street: '1 Harbourside',
  city: 'Bristol',
  state: 'Avon',
  postalCode: 'BS1 5DB',
  country: 'United Kingdom',
};

const slot = (time: string, available: number) => ({ time, capacity: 20, booked: 20 - available, available });

function setup({
  product = cookies,
  cart = { 'p-cookies': 1 },
  slots = [slot('10:00 - 11:00', 20), slot('11:00 - 12:00', 1), slot('12:00 - 13:00', 0)],
}: { product?: ProductDto; cart?: Record<string, number>; slots?: ReturnType<typeof slot>[] } = {}) {
  const date = selectableDeliveryDate(new Date());
  let current = slots;
  const server = new ScriptedApi()
    .on('GET', '/api/product/list', { body: { success: true, products: [product] } })
    .on('GET', '/api/settings/shipping', {
      body: { success: true, shippingCharge: 3.99, shippingThreshold: 40 },
    })
    .on('GET', '/api/delivery/slots', () => ({ body: { success: true, date, slots: current } }));
  const store = createTestStore(server, {
    user: makeUser({ addresses: [address], defaultAddress: address._id }),
    cart,
  });
  renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
  return {
    server,
    store,
    date,
    user: userEvent.setup(),
    setSlots: (next: ReturnType<typeof slot>[]) => (current = next),
  };
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
    const { server, user, date, setSlots } = setup();
    server.on('POST', '/api/order/cod', () => {
      setSlots([slot('10:00 - 11:00', 20), slot('11:00 - 12:00', 0), slot('12:00 - 13:00', 0)]);
      return { status: 409, body: { success: false, message: MESSAGES.slotFull } };
    });
    await screen.findByTestId('order-totals');
    await user.click(screen.getByRole('radio', { name: formatDeliveryDate(date) }));
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

describe('Cart: stock below a line', () => {
  it('lowers the line to the stock left and says so', async () => {
    const { store } = setup({ product: { ...cookies, stock: 2 }, cart: { 'p-cookies': 5 } });
    expect(
      await screen.findByText('Only 2 left of Oat Cookies, so we changed your quantity from 5 to 2.'),
    ).toBeInTheDocument();
    expect(selectCartItems(store.getState())).toEqual({ 'p-cookies': 2 });
    expect(screen.getByRole('button', { name: 'Increase quantity of Oat Cookies' })).toBeDisabled();
  });
});
