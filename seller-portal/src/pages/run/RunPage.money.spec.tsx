import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import type { GetRunApiResponse, SignedInStaffDto } from '@larder/shared-state';
import { makeSellerOrder } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import { queuedOutcomes, removeOutcome } from '../../lib/outcome-queue';
import RunPage from './RunPage';

const DATE = '2026-11-24';
const SLOT = '12:00 - 13:00';
const PATH = `/seller/run?${new URLSearchParams({ date: DATE, time: SLOT }).toString()}`;
const FULFILMENT = '/api/order/o-1/fulfilment';

/** The driver signed in on the phone. */
const DRIVER: SignedInStaffDto = {
  _id: 'staff-dan',
  email: 'dan@larder.local',
  name: 'Dan Driver',
  role: 'driver',
  mustChangePassword: false,
  mustEnrolTwoFactor: false,
};

beforeEach(() => {
  server.on('GET', '/api/seller/is-auth', () => ({ body: { success: true, staff: DRIVER } }));
  // £5.99 due in cash at the door.
  server.seed({
    sellerOrders: [
      makeSellerOrder({
        _id: 'o-1',
        fulfilment: 'out_for_delivery',
        deliverySlot: { date: DATE, time: SLOT },
        amount: 5.99,
        due: 5.99,
      }),
    ],
  });
  server.on<GetRunApiResponse>('GET', '/api/seller/run', (request, state) => ({
    body: {
      success: true,
      date: request.params.date!,
      time: request.params.time!,
      orders: state.sellerOrders,
    },
  }));
});

afterEach(async () => {
  for (const outcome of await queuedOutcomes()) await removeOutcome(outcome.key);
});

describe('Run page: the money at the door', () => {
  it('refuses more than £50 over what is due before anything is sent or kept, and takes a £50 note for £5.99', async () => {
    const { user } = renderWithApi(<RunPage />, {}, { path: PATH });
    const drop = await screen.findByRole('listitem', { name: /Ann Jones/ });
    await user.click(within(drop).getByRole('button', { name: 'Delivered' }));
    const cash = within(drop).getByLabelText('Cash (£)');
    await user.clear(cash);
    await user.type(cash, '5000');
    await user.click(within(drop).getByRole('button', { name: 'Record delivered' }));
    expect(within(drop).getByRole('alert')).toHaveTextContent(MESSAGES.handedOverTooMuch);
    expect(server.sent('PUT', FULFILMENT)).toHaveLength(0);
    expect(await queuedOutcomes()).toHaveLength(0);

    await user.clear(cash);
    await user.type(cash, '50');
    await user.click(within(drop).getByRole('button', { name: 'Record delivered' }));
    await within(drop).findByText(/Collected £50\.00 cash, £44\.01 change/);
    const [sent] = server.sent('PUT', FULFILMENT);
    expect(sent.body).toMatchObject({ stage: 'delivered', collected: { cash: 50, card: 0 } });
  });
});
