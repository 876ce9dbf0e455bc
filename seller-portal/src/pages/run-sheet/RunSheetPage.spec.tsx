import { screen, within } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import { api, type SellerOrderView, type SignedInStaffDto } from '@larder/shared-state';
import { makeOrderItem, makeSellerOrder } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import RunSheetPage from './RunSheetPage';

const DRIVER: SignedInStaffDto = {
  _id: 'staff-dan',
  email: 'dan@larder.local',
  name: 'Dan Driver',
  role: 'driver',
  mustChangePassword: false,
  mustEnrolTwoFactor: false,
};

type Item = SellerOrderView['items'][number];
const item = (product: string, name: string, quantity: number, extra: Partial<Item> = {}) =>
  makeOrderItem({ product, name, quantity, price: 1.5, ...extra });

const address = (street: string, postalCode: string) => ({
  street,
  city: 'Bristol',
  state: 'England',
  postalCode,
  country: 'United Kingdom',
});

const customer = (name: string, phone: string) => ({ name, phone, email: null, address: null });

const orders: SellerOrderView[] = [
  makeSellerOrder({
    _id: 'aaaaaaaa-1',
    customer: customer('Ann Jones', '07700 900123'),
    address: address('9 Queen Square', 'BS8 1AA'),
    amount: 12.5,
    fulfilment: 'picked',
    items: [
      item('milk', 'Whole milk', 2, {
        picked: 0,
        substitute: {
          product: 'oat',
          name: 'Oat drink',
          quantity: 2,
          price: 1.4,
          vat: 0,
          ageRestricted: false,
        },
      }),
      item('bread', 'Sourdough loaf', 3, { picked: 2, allowSubstitutes: false }),
    ],
  }),
  makeSellerOrder({
    _id: 'bbbbbbbb-2',
    customer: customer('Raj Patel', '07700 900456'),
    address: address('1 Harbourside', 'bs1 5db'),
    amount: 20,
    isPaid: true,
    paymentType: 'Online',
    ageCheckRequired: true,
    items: [item('apples', 'Braeburn apples', 4)],
  }),
  makeSellerOrder({
    _id: 'cccccccc-3',
    status: 'Cancelled',
    address: address('2 Park Row', 'BS1 1AA'),
  }),
  makeSellerOrder({
    _id: 'dddddddd-4',
    deliverySlot: { date: '2026-11-24', time: '11:00 - 12:00' },
    address: address('5 Corn Street', 'BS1 1HT'),
  }),
];

describe('Run sheet', () => {
  it("lists the slot's stops by postcode with what to hand over and collect, and where to check ID", async () => {
    renderWithApi(
      <RunSheetPage />,
      {},
      {
        path: '/seller/run-sheet?date=2026-11-24&time=10:00%20-%2011:00',
        state: { sellerOrders: orders },
      },
    );
    const table = await screen.findByRole('table', { name: /Deliveries on Tue, 24 Nov 2026, 10:00 - 11:00/ });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [
        '#BBBBBBBB',
        'Raj Patel',
        '07700 900456',
        '1 Harbourside, Bristol, England',
        'bs1 5db',
        '4 x Braeburn apples',
        '£0.00',
        `${MESSAGES.ageCheckAtDoor}; Paid by card`,
      ],
      [
        '#AAAAAAAA',
        'Ann Jones',
        '07700 900123',
        '9 Queen Square, Bristol, England',
        'BS8 1AA',
        '2 x Oat drink2 x Sourdough loaf',
        '£12.50',
        'Oat drink instead of Whole milk; 1 x Sourdough loaf missing',
      ],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Run sheet' })).toBeInTheDocument();
    expect(screen.getByText(/2 stops, by postcode/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${server.origin}/api/seller/run-sheet?date=2026-11-24&time=10%3A00+-+11%3A00`,
    );
  });

  it('asks for a slot when the address names none', async () => {
    renderWithApi(<RunSheetPage />, {}, { path: '/seller/run-sheet?date=2026-11-24&time=9' });
    expect(await screen.findByText('Choose a slot')).toBeInTheDocument();
    expect(server.sent('GET', '/api/seller/run')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Go to Picking' })).toHaveAttribute('href', '/seller/picking');
  });

  it('offers a driver their Run, never Picking, which they may not open', async () => {
    const { store } = renderWithApi(
      <RunSheetPage />,
      { 'GET /api/seller/is-auth': { body: { success: true, staff: DRIVER } } },
      { path: '/seller/run-sheet', state: { sellerOrders: orders } },
    );
    await store.dispatch(api.endpoints.sellerIsAuth.initiate());
    expect(await screen.findByRole('link', { name: 'Go to Run' })).toHaveAttribute('href', '/seller/run');
    expect(screen.queryByRole('link', { name: /Picking/ })).not.toBeInTheDocument();
  });

  it("gives a driver the slot's stops and takes them back to the Run", async () => {
    const { store } = renderWithApi(
      <RunSheetPage />,
      { 'GET /api/seller/is-auth': { body: { success: true, staff: DRIVER } } },
      {
        path: '/seller/run-sheet?date=2026-11-24&time=10:00%20-%2011:00',
        state: { sellerOrders: orders },
      },
    );
    await store.dispatch(api.endpoints.sellerIsAuth.initiate());
    expect(await screen.findByText(/2 stops, by postcode/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Run' })).toHaveAttribute(
      'href',
      `/seller/run?${new URLSearchParams({ date: '2026-11-24', time: '10:00 - 11:00' }).toString()}`,
    );
    expect(screen.queryByRole('link', { name: /Picking/ })).not.toBeInTheDocument();
    expect(server.sent('GET', '/api/seller/picking')).toHaveLength(0);
  });
});
