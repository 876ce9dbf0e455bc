import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDeliveryDate } from '@larder/shared-domain';
import type { ProductDto, UserDto } from '@larder/shared-state';
import { makeProduct, pinClock, setupMockApi } from '@larder/shared-state/testing';
import CartPage from './CartPage';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

// 10:00 in London, before the 15:00 cut-off: the selectable delivery date is the next day.
const DELIVERY_DATE = '2026-11-24';
beforeEach(() => {
  sessionStorage.clear();
  pinClock('2026-11-23T10:00:00Z');
});
afterEach(() => jest.useRealTimers());

const products: ProductDto[] = [
  makeProduct({ _id: 'p-apples', name: 'Braeburn Apples', category: 'Fruits', offerPrice: 2.5, vat: 0 }),
  makeProduct({ _id: 'p-cola', name: 'Cola 330ml', category: 'Drinks', offerPrice: 1.2, vat: 20 }),
];

const address = {
  _id: 'addr-1',
  street: '1 Harbourside',
  city: 'Bristol',
  state: 'Avon',
  postalCode: 'BS1 5DB',
  country: 'United Kingdom',
};

function setup(
  cart: Record<string, number>,
  threshold = 40,
  user: UserDto = makeUser({ addresses: [address] }),
) {
  server.seed({ products, shipping: { shippingCharge: 3.99, shippingThreshold: threshold } });
  const store = createTestStore(server, { user, cart });
  renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
  return userEvent.setup();
}

describe('the basket and free delivery', () => {
  it("says how much more brings free delivery, from the shop's threshold, beside the Shipping Fee", async () => {
    // Goods before VAT: apples 2 x £2.50 at 0%, cola 2 x £1.20 at 20% = £7.40; £40 - £7.40 = £32.60.
    setup({ 'p-apples': 2, 'p-cola': 2 });
    const totals = await screen.findByTestId('order-totals');
    expect(totals).toHaveTextContent('Shipping Fee£3.99');
    expect(screen.getByText('Spend £32.60 more for free delivery')).toBeInTheDocument();
    expect(screen.queryByText('Free delivery')).not.toBeInTheDocument();
  });

  it('says Free delivery once the basket reaches the threshold, exactly at it too', async () => {
    // Apples: 4 x £2.50 = £10.00, the threshold.
    setup({ 'p-apples': 4 }, 10);
    const totals = await screen.findByTestId('order-totals');
    expect(totals).toHaveTextContent('Shipping FeeFree');
    expect(screen.getByText('Free delivery')).toBeInTheDocument();
    expect(screen.queryByText(/more for free delivery/)).not.toBeInTheDocument();
  });

  it('follows the shop settings: one penny short says so', async () => {
    setup({ 'p-apples': 4 }, 10.01);
    expect(await screen.findByText('Spend £0.01 more for free delivery')).toBeInTheDocument();
  });
});

describe('the chosen delivery date and slot', () => {
  it('are kept for the session: leaving the basket and coming back finds them chosen', async () => {
    const user = setup({ 'p-apples': 1 });
    await user.click(await screen.findByRole('radio', { name: formatDeliveryDate(DELIVERY_DATE) }));
    await user.click(screen.getByRole('radio', { name: '11:00 - 12:00' }));
    cleanup(); // the shopper goes on browsing

    setup({ 'p-apples': 1 });
    expect(await screen.findByRole('radio', { name: formatDeliveryDate(DELIVERY_DATE) })).toBeChecked();
    expect(screen.getByRole('radio', { name: '11:00 - 12:00' })).toBeChecked();
  });

  it('are not kept beyond the session', async () => {
    const user = setup({ 'p-apples': 1 });
    await user.click(await screen.findByRole('radio', { name: formatDeliveryDate(DELIVERY_DATE) }));
    await user.click(screen.getByRole('radio', { name: '11:00 - 12:00' }));
    cleanup();
    sessionStorage.clear(); // the tab is closed

    setup({ 'p-apples': 1 });
    expect(await screen.findByRole('radio', { name: formatDeliveryDate(DELIVERY_DATE) })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '11:00 - 12:00' })).not.toBeChecked();
  });
});
