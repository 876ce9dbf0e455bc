import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDeliveryDate, MESSAGES, tooManyOpenOrdersMessage } from '@larder/shared-domain';
import { api, dehydrate, loadWholeCatalogue, type ProductDto, type UserDto } from '@larder/shared-state';
import { pinClock, setupMockApi, makeProduct } from '@larder/shared-state/testing';
import CartPage from './CartPage';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';

const server = setupMockApi();

// 10:00 in London, before the 15:00 cut-off: the selectable delivery date is the next day.
const DELIVERY_DATE = '2026-11-24';
beforeEach(() => sessionStorage.clear());
beforeEach(() => pinClock('2026-11-23T10:00:00Z'));
afterEach(() => jest.useRealTimers());

const products: ProductDto[] = [
  makeProduct({
    _id: 'p-apples',
    name: 'Braeburn Apples',
    category: 'Fruits',
    description: ['Crisp'],
    price: 3.5,
    offerPrice: 2.5,
    vat: 0,
    image: [],
    inStock: true,
    stock: null,
    ingredients: '',
    allergens: [],
  }),
  makeProduct({
    _id: 'p-cola',
    name: 'Cola 330ml',
    category: 'Drinks',
    description: ['Fizzy'],
    price: 1.5,
    offerPrice: 1.2,
    vat: 20,
    image: [],
    inStock: true,
    stock: null,
    ingredients: '',
    allergens: [],
  }),
];

const address = {
  _id: 'addr-1',
  street: '1 Harbourside',
  city: 'Bristol',
  state: 'Avon',
  postalCode: 'BS1 5DB',
  country: 'United Kingdom',
};

// Shown with VAT: apples 2.50, cola 1.20 + 20% = 1.44 a can, 2.88 the line; lines 5.38 (VAT 0.48 of it);
// shipping 3.99 (under £40), shared by the goods' value before VAT (apples 2.50 at 0%, cola 2.40 at 20%):
// £1.95 at 20%, of which VAT 0.32; total 9.37, including VAT 0.80
function setup(user: UserDto | null) {
  server.seed({ products, shipping: { shippingCharge: 3.99, shippingThreshold: 40 } });
  const store = createTestStore(server, { user, cart: { 'p-apples': 1, 'p-cola': 2 } });
  renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
  return { store, user: userEvent.setup() };
}

const signedInWithAddress = () => makeUser({ addresses: [address], defaultAddress: address._id });

async function chooseDeliverySlot(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: formatDeliveryDate(DELIVERY_DATE) }));
  await user.click(screen.getByRole('radio', { name: '11:00 - 12:00' }));
}

describe('CartPage', () => {
  it('lists the cart lines with VAT and prices the order, the VAT included rather than added', async () => {
    setup(signedInWithAddress());
    expect(
      await screen.findByRole('heading', { level: 1, name: /Shopping Cart \d+ Items?/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Braeburn Apples' })).toBeInTheDocument();
    const cola = within(screen.getByRole('list', { name: 'Cart items' }))
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('Cola 330ml'))!;
    expect(within(cola).getByText('£1.44')).toBeInTheDocument();
    expect(within(cola).getByText('£2.88')).toBeInTheDocument();
    expect(cola).not.toHaveTextContent('VAT');
    const totals = await screen.findByTestId('order-totals');
    const figure = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(figure('Price')).toBe('£5.38');
    expect(figure('Shipping Fee')).toBe('£3.99');
    expect(figure('Total Amount:')).toBe('£9.37');
    expect(within(totals).queryByText(/Tax|VAT/)).not.toBeInTheDocument();
    expect(screen.getByText('includes VAT £0.80')).toBeInTheDocument();
    expect(screen.getByTestId('selected-address')).toHaveTextContent(
      '1 Harbourside, Bristol, Avon, BS1 5DB, United Kingdom',
    );
  });

  it('asks for an address before anything else', async () => {
    const { user } = setup(makeUser());
    await screen.findByTestId('order-totals');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(MESSAGES.selectAddress)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.selectDeliverySlot)).not.toBeInTheDocument();

    await chooseDeliverySlot(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // Said again in the same toast, not stacked beside the first.
    expect(screen.getAllByText(MESSAGES.selectAddress)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.sent('POST', '/api/order/cod')).toHaveLength(0);
  });

  it('then asks for both the delivery date and the time slot', async () => {
    const { user } = setup(signedInWithAddress());
    await screen.findByTestId('order-totals');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText(MESSAGES.selectDeliverySlot)).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '10:00 - 11:00' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // Said again in the same toast, not stacked beside the first.
    expect(screen.getAllByText(MESSAGES.selectDeliverySlot)).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.sent('POST', '/api/order/cod')).toHaveLength(0);
  });

  it('confirms, then places the COD order once with the spec payload and opens My Orders', async () => {
    const { user } = setup(signedInWithAddress());
    await screen.findByTestId('order-totals');
    await chooseDeliverySlot(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm your order' });
    expect(
      within(dialog).getByText('1 Harbourside, Bristol, Avon, BS1 5DB, United Kingdom'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/11:00 - 12:00/)).toBeInTheDocument();
    expect(within(dialog).getByText('£9.37')).toBeInTheDocument();
    expect(server.sent('POST', '/api/order/cod')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm Order' }));
    expect(await screen.findByText('Order placed successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/my-orders'));

    const [sent] = server.sent('POST', '/api/order/cod');
    expect(sent.body).toEqual({
      userId: 'user-1',
      items: [
        { product: 'p-apples', quantity: 1, vat: 0, allowSubstitutes: true },
        { product: 'p-cola', quantity: 2, vat: 20, allowSubstitutes: true },
      ],
      address: 'addr-1',
      paymentType: 'COD',
      amount: 9.37,
      shippingCharge: 3.99,
      totalVat: 0.48,
      deliverySlot: { date: DELIVERY_DATE, time: '11:00 - 12:00' },
    });
    const keyHeader = Object.entries(sent.headers).find(([name]) => name.toLowerCase() === 'idempotency-key');
    expect(keyHeader?.[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.sent('POST', '/api/order/cod')).toHaveLength(1);
  });

  it('sends the substitutes ticks of each line, all ticked by default', async () => {
    const { user } = setup(signedInWithAddress());
    await screen.findByTestId('order-totals');
    const all = screen.getByRole('checkbox', { name: 'Allow substitutes for all items' });
    const apples = screen.getByRole('checkbox', { name: 'Allow substitutes for Braeburn Apples' });
    const cola = screen.getByRole('checkbox', { name: 'Allow substitutes for Cola 330ml' });
    expect([all, apples, cola].map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true]);

    await user.click(all);
    expect([all, apples, cola].map((box) => (box as HTMLInputElement).checked)).toEqual([
      false,
      false,
      false,
    ]);
    await user.click(apples);
    expect(apples).toBeChecked();
    expect(all).not.toBeChecked();

    await chooseDeliverySlot(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm your order' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(server.sent('POST', '/api/order/cod')).toHaveLength(1));
    const [sent] = server.sent('POST', '/api/order/cod');
    expect((sent.body as { items: unknown[] }).items).toEqual([
      { product: 'p-apples', quantity: 1, vat: 0, allowSubstitutes: true },
      { product: 'p-cola', quantity: 2, vat: 20, allowSubstitutes: false },
    ]);
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user } = setup(signedInWithAddress());
    await screen.findByTestId('order-totals');
    await chooseDeliverySlot(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.sent('POST', '/api/order/cod')).toHaveLength(0);
  });

  it('shows the server message when the figures changed and reloads prices and shipping', async () => {
    const { user } = setup(signedInWithAddress());
    const totals = await screen.findByTestId('order-totals');
    const loadsBefore =
      server.sent('GET', '/api/product/list').length + server.sent('GET', '/api/settings/shipping').length;
    await chooseDeliverySlot(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('alertdialog');
    // The seller raises the apples from £2.50 to £2.75 while the customer confirms.
    server.state.products[0]!.offerPrice = 2.75;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Order' }));

    expect(await screen.findByText(MESSAGES.totalsChanged)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        server.sent('GET', '/api/product/list').length + server.sent('GET', '/api/settings/shipping').length,
      ).toBe(loadsBefore + 2),
    );
    // goods 2.75 + 2.40, VAT 0.48, shipping 3.99
    expect(await within(totals).findByText('£9.62')).toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/cart');
  });

  it('shows why the order was refused when the customer already has the most open orders', async () => {
    const { store, user } = setup(signedInWithAddress());
    server.on('POST', '/api/order/cod', {
      status: 409,
      body: { success: false, message: tooManyOpenOrdersMessage(3) },
    });
    await screen.findByTestId('order-totals');
    await chooseDeliverySlot(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm Order' }),
    );
    expect(await screen.findByText(tooManyOpenOrdersMessage(3))).toBeInTheDocument();
    // The cart is kept for later.
    expect(screen.getByTestId('current-path')).toHaveTextContent('/cart');
    expect(store.getState().cart.items).toEqual({ 'p-apples': 1, 'p-cola': 2 });
  });

  it('asks a visitor to sign in at checkout', async () => {
    const { user } = setup(null);
    await screen.findByTestId('order-totals');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alertdialog', { name: MESSAGES.notSignedIn })).toBeInTheDocument();
    expect(server.sent('POST', '/api/order/cod')).toHaveLength(0);
  });

  it('shows a skeleton, not the empty cart, until the session check answers', async () => {
    server.seed({ products });
    const store = createTestStore(server, { sessionChecked: false });
    renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
    // The products and shipping have been answered and shown; the session check has not been.
    await waitFor(() => {
      const state = store.getState();
      expect(api.endpoints.listProducts.select()(state).isSuccess).toBe(true);
      expect(api.endpoints.getShippingSettings.select()(state).isSuccess).toBe(true);
    });
    expect(screen.queryByText(MESSAGES.cartEmpty)).not.toBeInTheDocument();
    expect(screen.getByText('Loading your cart')).toBeInTheDocument();

    // The session answers with the customer, whose saved cart replaces the local one.
    server.seed({ user: { ...signedInWithAddress(), cartItems: { 'p-apples': 1 } } });
    await act(() => store.dispatch(api.endpoints.userIsAuth.initiate()));
    expect(await screen.findByRole('link', { name: 'Braeburn Apples' })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.cartEmpty)).not.toBeInTheDocument();
  });

  it('offers to try again, not the empty cart, when the product list fails with items in the cart', async () => {
    server.on('GET', '/api/product/list', {
      status: 500,
      body: { success: false, message: MESSAGES.somethingWentWrong },
    });
    const { user } = setup(signedInWithAddress());
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your cart");
    expect(screen.queryByText(MESSAGES.cartEmpty)).not.toBeInTheDocument();

    server.on('GET', '/api/product/list', { body: { success: true, products } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Braeburn Apples' })).toBeInTheDocument();
  });

  it('says the cart is empty once the session has answered and nothing is in it', async () => {
    const store = createTestStore(server, { user: makeUser() });
    renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
    expect(await screen.findByText(MESSAGES.cartEmpty)).toBeInTheDocument();
  });
});

describe('Cart: an 18+ product', () => {
  function setupAdultsOnly() {
    const adultsOnly = products.map((p) => (p._id === 'p-cola' ? { ...p, ageRestricted: true } : p));
    server.seed({ products: adultsOnly, shipping: { shippingCharge: 3.99, shippingThreshold: 40 } });
    const store = createTestStore(server, {
      user: signedInWithAddress(),
      cart: { 'p-apples': 1, 'p-cola': 2 },
    });
    renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
    return userEvent.setup();
  }

  it('asks the customer to confirm they are 18 or over before placing, and sends the confirmation', async () => {
    const user = setupAdultsOnly();
    await screen.findByTestId('order-totals');
    await chooseDeliverySlot(user);
    const tick = screen.getByRole('checkbox', { name: MESSAGES.ageConfirmLabel });
    expect(tick).toBeRequired();

    expect(tick).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    // Said in a toast, and under the box it is about.
    await waitFor(() => expect(screen.getAllByText(MESSAGES.ageConfirmationRequired)).toHaveLength(2));
    expect(tick).toHaveAccessibleDescription(MESSAGES.ageConfirmationRequired);
    expect(tick).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(tick);
    expect(tick).not.toHaveAccessibleDescription();
    expect(tick).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm your order' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Order' }));
    await waitFor(() => expect(server.sent('POST', '/api/order/cod')).toHaveLength(1));
    expect(server.sent('POST', '/api/order/cod')[0].body).toMatchObject({ ageConfirmed: true });
    // The earlier refusal is cleared once the order is placed: never beside "Order placed successfully".
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent('/my-orders'));
    expect(screen.queryByText(MESSAGES.ageConfirmationRequired)).not.toBeInTheDocument();
  });

  it('shows no such tick for a cart without one', async () => {
    setup(signedInWithAddress());
    await screen.findByTestId('order-totals');
    expect(screen.queryByRole('checkbox', { name: MESSAGES.ageConfirmLabel })).not.toBeInTheDocument();
  });
});

describe('CartPage after a server-rendered page that carried only its own products', () => {
  it('waits for the whole catalogue, then lists every line and prices the whole cart', async () => {
    const customer = makeUser({
      addresses: [address],
      defaultAddress: address._id,
      cartItems: { 'p-apples': 1, 'p-cola': 2 },
    });
    server.seed({ products, user: customer, shipping: { shippingCharge: 3.99, shippingThreshold: 40 } });
    const rendering = server.createStore({ cartSync: false });
    await Promise.all([
      rendering.dispatch(api.endpoints.userIsAuth.initiate(undefined, { subscribe: false })),
      rendering.dispatch(api.endpoints.listProducts.initiate(undefined, { subscribe: false })),
    ]);
    const serverState = dehydrate(rendering.getState(), { shownProducts: new Set(['p-apples']) });
    const store = server.createStore({
      serverState: { ...serverState, cart: { items: { 'p-apples': 1, 'p-cola': 2 } } },
    });

    renderPage(<CartPage />, { store, path: '/cart', route: '/cart' });
    expect(screen.queryByRole('link', { name: 'Braeburn Apples' })).not.toBeInTheDocument();

    await store.dispatch(loadWholeCatalogue());
    expect(await screen.findByRole('link', { name: 'Cola 330ml' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Braeburn Apples' })).toBeInTheDocument();
    expect(within(await screen.findByTestId('order-totals')).getByText('£9.37')).toBeInTheDocument();
  });
});
