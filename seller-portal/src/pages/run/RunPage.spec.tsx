import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addCalendarDays, londonIsoString, MESSAGES, parseIsoDate } from '@larder/shared-domain';
import type { GetRunApiResponse, SignedInStaffDto } from '@larder/shared-state';
import { makeSellerOrder } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import { queueOutcome, queuedOutcomes, removeOutcome } from '../../lib/outcome-queue';
import RunPage from './RunPage';

/** The driver signed in on the phone. */
const DRIVER: SignedInStaffDto = {
  _id: 'staff-dan',
  email: 'dan@larder.local',
  name: 'Dan Driver',
  role: 'driver',
  mustChangePassword: false,
  mustEnrolTwoFactor: false,
};

const DATE = '2026-11-24';
const SLOT = '12:00 - 13:00';
const PATH = `/seller/run?${new URLSearchParams({ date: DATE, time: SLOT }).toString()}`;
const FULFILMENT = '/api/order/o-1/fulfilment';

/**
 * The phone's signal: without it every request fails as fetch does with no network (a TypeError, no answer),
 * and the browser says it is offline; with it, requests reach the fake API again and the browser says so.
 */
let signal = true;
function setSignal(on: boolean): void {
  signal = on;
  act(() => {
    window.dispatchEvent(new Event(on ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  signal = true;
  // The fake API's fetch (MSW has replaced the global by now): what a request reaches when there is signal.
  const withSignal = globalThis.fetch;
  jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation((...args) =>
      signal ? withSignal(...args) : Promise.reject(new TypeError('Failed to fetch')),
    );
  jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => signal);
  server.on('GET', '/api/seller/is-auth', () => ({ body: { success: true, staff: DRIVER } }));
  server.seed({
    sellerOrders: [
      makeSellerOrder({
        _id: 'o-1',
        fulfilment: 'out_for_delivery',
        deliverySlot: { date: DATE, time: SLOT },
      }),
    ],
  });
  server.on<GetRunApiResponse>('GET', '/api/seller/run', (request, state) => ({
    body: {
      success: true,
      date: request.params.date!,
      time: request.params.time!,
      orders: state.sellerOrders.filter(
        (o) => o.deliverySlot.date === request.params.date && o.deliverySlot.time === request.params.time,
      ),
    },
  }));
});

afterEach(async () => {
  jest.restoreAllMocks();
  for (const outcome of await queuedOutcomes()) await removeOutcome(outcome.key);
});

/** What the driver records at the first drop: delivered, the amount due taken in cash. */
const DELIVERED = { stage: 'delivered', collected: { cash: 7.97, card: 0 }, lines: [] };

async function recordDelivered(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  const drop = await screen.findByRole('listitem', { name: /Ann Jones/ });
  await user.click(within(drop).getByRole('button', { name: 'Delivered' }));
  expect(within(drop).getByLabelText('Cash (£)')).toHaveValue('7.97');
  await user.click(within(drop).getByRole('button', { name: 'Record delivered' }));
}

describe('Run page without signal', () => {
  it('keeps an outcome on the phone, says how many wait, and sends it once with its key when the signal returns', async () => {
    const { user } = renderWithApi(<RunPage />, {}, { path: PATH });
    await screen.findByRole('listitem', { name: /Ann Jones/ });

    setSignal(false);
    expect(screen.getByText('No signal: the run as last loaded on this phone.')).toBeInTheDocument();
    await recordDelivered(user);
    expect(await screen.findByText('1 update waiting')).toBeInTheDocument();
    expect(screen.getByText('Saved on this phone: waiting to send')).toBeInTheDocument();
    const [stored, ...more] = await queuedOutcomes();
    expect(more).toEqual([]);
    expect(stored).toMatchObject({
      orderId: 'o-1',
      body: DELIVERED,
    });
    expect(server.sent('PUT', FULFILMENT)).toHaveLength(0);

    // Pressing Send now with no signal fails like the network does: the outcome stays.
    const sendNow = screen.getByRole('button', { name: 'Send now' });
    await user.click(sendNow);
    await waitFor(() => expect(sendNow).not.toHaveAttribute('aria-busy'));
    await waitFor(async () => expect(await queuedOutcomes()).toHaveLength(1));
    expect(screen.getByText('1 update waiting')).toBeInTheDocument();

    setSignal(true);
    expect(await screen.findByText('All updates sent')).toBeInTheDocument();
    const sent = server.sent('PUT', FULFILMENT);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toBe(stored!.key);
    expect(sent[0]!.body).toEqual(DELIVERED);
    expect(server.state.sellerOrders[0]).toMatchObject({ status: 'Completed', fulfilment: 'delivered' });
    await waitFor(async () => expect(await queuedOutcomes()).toEqual([]));
  });

  it('sends what was kept when the page is opened again with signal, after being closed without', async () => {
    const first = renderWithApi(<RunPage />, {}, { path: PATH });
    await screen.findByRole('listitem', { name: /Ann Jones/ });
    setSignal(false);
    await recordDelivered(first.user);
    expect(await screen.findByText('1 update waiting')).toBeInTheDocument();
    cleanup(); // the page is closed
    const [kept] = await queuedOutcomes();
    expect(kept).toBeDefined();

    setSignal(true);
    renderWithApi(<RunPage />, {}, { path: PATH });
    await waitFor(() => expect(server.sent('PUT', FULFILMENT)).toHaveLength(1));
    expect(await screen.findByText('All updates sent')).toBeInTheDocument();
    const drop = screen.getByRole('listitem', { name: /Ann Jones/ });
    expect(await within(drop).findByText('Delivered', { exact: true })).toBeInTheDocument();
    expect(server.state.sellerOrders[0]).toMatchObject({ status: 'Completed', fulfilment: 'delivered' });
    const sent = server.sent('PUT', FULFILMENT);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toBe(kept!.key);
    await waitFor(async () => expect(await queuedOutcomes()).toEqual([]));
  });

  it('keeps an outcome the server could not take (5xx) and drops one it refuses (4xx), saying why', async () => {
    const { user } = renderWithApi(<RunPage />, {}, { path: PATH });
    await screen.findByRole('listitem', { name: /Ann Jones/ });
    setSignal(false);
    await recordDelivered(user);
    expect(await screen.findByText('1 update waiting')).toBeInTheDocument();

    // The signal returns but the server is down for a moment: nothing is lost.
    let serverDown = true;
    server.on('PUT', '/api/order/:id/fulfilment', () =>
      serverDown ? { status: 503, body: { success: false, message: 'Busy' } } : undefined,
    );
    setSignal(true);
    const sendNow = screen.getByRole('button', { name: 'Send now' });
    await waitFor(() => expect(server.sent('PUT', FULFILMENT)).toHaveLength(1));
    await waitFor(() => expect(sendNow).not.toHaveAttribute('aria-busy'));
    expect(screen.getByText('1 update waiting')).toBeInTheDocument();
    await waitFor(async () => expect(await queuedOutcomes()).toHaveLength(1));

    // Meanwhile the shop cancelled the order: the server refuses the outcome for good.
    server.state.sellerOrders[0]!.status = 'Cancelled';
    serverDown = false;
    await user.click(sendNow);
    const drop = screen.getByRole('listitem', { name: /Ann Jones/ });
    expect(await within(drop).findByRole('alert')).toHaveTextContent(
      `Not recorded: ${MESSAGES.cancelledOrderNotFulfilled}`,
    );
    expect(await screen.findByText('All updates sent')).toBeInTheDocument();
    await waitFor(async () => expect(await queuedOutcomes()).toEqual([]));
    expect(server.state.sellerOrders[0]!.fulfilment).toBe('out_for_delivery');
  });
});

describe("Run page: the driver's own outcomes", () => {
  it("names the driver on each outcome kept and sends only theirs, leaving another member's waiting", async () => {
    const theirs = await queueOutcome({
      staffId: 'staff-someone-else',
      orderId: 'o-1',
      body: { stage: 'failed_delivery', reason: 'not_at_home' },
    });
    const { user } = renderWithApi(<RunPage />, {}, { path: PATH });
    await screen.findByRole('listitem', { name: /Ann Jones/ });
    // Nothing of another member's is counted or sent.
    expect(await screen.findByText('All updates sent')).toBeInTheDocument();
    expect(server.sent('PUT', FULFILMENT)).toHaveLength(0);

    setSignal(false);
    await recordDelivered(user);
    expect(await screen.findByText('1 update waiting')).toBeInTheDocument();
    const mine = (await queuedOutcomes()).find((outcome) => outcome.key !== theirs.key);
    expect(mine).toMatchObject({ staffId: DRIVER._id, orderId: 'o-1', body: DELIVERED });

    setSignal(true);
    expect(await screen.findByText('All updates sent')).toBeInTheDocument();
    const sent = server.sent('PUT', FULFILMENT);
    expect(sent.map((request) => request.headers['idempotency-key'])).toEqual([mine!.key]);
    expect(await queuedOutcomes()).toEqual([theirs]);
  });

  it('keeps the outcome when the server no longer knows the session (401), for the driver to sign in again', async () => {
    const { user } = renderWithApi(<RunPage />, {}, { path: PATH });
    await screen.findByRole('listitem', { name: /Ann Jones/ });
    server.on('PUT', '/api/order/:id/fulfilment', () => ({
      status: 401,
      body: { success: false, message: MESSAGES.sellerOnly },
    }));
    await recordDelivered(user);
    await waitFor(() => expect(server.sent('PUT', FULFILMENT)).toHaveLength(1));
    expect(await screen.findByText('1 update waiting')).toBeInTheDocument();
    expect(await queuedOutcomes()).toHaveLength(1);
  });
});

const TODAY = londonIsoString(new Date()).slice(0, 10);
const dayAfter = (iso: string, days: number) => {
  const { year, month, day } = parseIsoDate(iso)!;
  return addCalendarDays(year, month, day, days);
};
const TOMORROW = dayAfter(TODAY, 1);

describe("Run page: the driver's day", () => {
  it('opens on the first slot from today on with drops, and moves to any date chosen', async () => {
    server.seed({
      sellerOrders: [
        makeSellerOrder({
          _id: 'o-done',
          status: 'Completed',
          fulfilment: 'delivered',
          deliverySlot: { date: TODAY, time: '10:00 - 11:00' },
        }),
        makeSellerOrder({
          _id: 'o-next',
          fulfilment: 'picked',
          deliverySlot: { date: TOMORROW, time: '11:00 - 12:00' },
        }),
      ],
    });
    const { user } = renderWithApi(<RunPage />, {}, { path: '/seller/run' });
    expect(await screen.findByRole('listitem', { name: /Ann Jones/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue(TOMORROW);
    expect(screen.getByRole('link', { name: '11:00 - 12:00' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Picked: start the run to take it out')).toBeInTheDocument();

    const later = dayAfter(TODAY, 5);
    // The phone's date picker sets the whole date at once.
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: later } });
    expect(await screen.findByText('No drops')).toBeInTheDocument();
    expect(server.sent('GET', '/api/seller/run').at(-1)!.params).toEqual({
      date: later,
      time: '11:00 - 12:00',
    });
    await user.click(screen.getByRole('link', { name: 'Today' }));
    expect(screen.getByLabelText('Date')).toHaveValue(TODAY);
  });

  it('opens on today, asking for a slot, when no run has drops to deliver', async () => {
    server.seed({ sellerOrders: [] });
    renderWithApi(<RunPage />, {}, { path: '/seller/run' });
    expect(await screen.findByText('Choose a slot')).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue(TODAY);
  });

  it('starts the run: every picked order of the slot out for delivery at once, each with its own key', async () => {
    const slot = { date: DATE, time: SLOT };
    server.seed({
      sellerOrders: [
        makeSellerOrder({ _id: 'o-1', fulfilment: 'picked', deliverySlot: slot }),
        makeSellerOrder({ _id: 'o-2', fulfilment: 'picked', deliverySlot: slot }),
        makeSellerOrder({ _id: 'o-3', fulfilment: 'picking', deliverySlot: slot }),
      ],
    });
    const { user } = renderWithApi(<RunPage />, {}, { path: PATH });
    expect(await screen.findByText('2 picked orders are ready to go.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delivered' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start run' }));
    expect(await screen.findByText('2 orders out for delivery')).toBeInTheDocument();

    const sent = ['o-1', 'o-2'].map((id) => server.sent('PUT', `/api/order/${id}/fulfilment`));
    expect(sent.map((requests) => requests.map((r) => r.body))).toEqual([
      [{ stage: 'out_for_delivery' }],
      [{ stage: 'out_for_delivery' }],
    ]);
    const keys = sent.map((requests) => requests[0]!.headers['idempotency-key']);
    expect(keys.every(Boolean)).toBe(true);
    expect(new Set(keys).size).toBe(2);
    expect(server.sent('PUT', '/api/order/o-3/fulfilment')).toHaveLength(0);
    expect(server.state.sellerOrders.map((o) => o.fulfilment)).toEqual([
      'out_for_delivery',
      'out_for_delivery',
      'picking',
    ]);
    // The drops are now the driver's to record; the one still being picked waits.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delivered' })).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Start run' })).not.toBeInTheDocument();
    expect(screen.getByText('Not out for delivery yet')).toBeInTheDocument();
  });
});
