import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  StandingOrderResponse,
  StandingOrdersResponse,
  StandingOrderView,
  SuccessResponse,
} from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import RegularDeliveriesPage from './RegularDeliveriesPage';

const server = setupMockApi();

const tea = makeProduct({ _id: 'p-tea', name: 'Breakfast Tea', price: 3.1, offerPrice: 3.1, vat: 0 });
const plan: StandingOrderView = {
  _id: 'plan-1',
  items: [{ product: 'p-tea', quantity: 2, allowSubstitutes: true, item: tea }],
  address: 'address-1',
  deliveryAddress: '12 Harbour Way, Bristol, Avon, BS1 4DJ, United Kingdom',
  time: '10:00 - 11:00',
  weekday: 4,
  every: 1,
  active: true,
  nextDelivery: '2026-11-26',
  skipping: false,
  ageConfirmed: false,
};

/** One plan on the fake server: PUT applies the change as the API does (skip, pause), DELETE ends it. */
function servePlans(initial: StandingOrderView[]) {
  let plans = structuredClone(initial);
  server.on<StandingOrdersResponse>('GET', '/api/user/standing-orders', () => ({
    body: { success: true, standingOrders: plans },
  }));
  server.on<StandingOrderResponse>('PUT', '/api/user/standing-orders/:id', (request) => {
    const body = request.body as { skipNext?: boolean; active?: boolean };
    const current = plans[0];
    if (body.skipNext !== undefined) current.skipping = body.skipNext;
    if (body.active !== undefined) {
      current.active = body.active;
      current.nextDelivery = body.active ? '2026-12-03' : null;
    }
    return { body: { success: true, standingOrder: current } };
  });
  server.on<SuccessResponse>('DELETE', '/api/user/standing-orders/:id', () => {
    plans = [];
    return { body: { success: true } };
  });
}

function renderPlans() {
  const store = createTestStore(server, { user: makeUser() });
  renderPage(<RegularDeliveriesPage />, {
    store,
    path: '/regular-deliveries',
    route: '/regular-deliveries',
  });
  return userEvent.setup();
}

describe('Regular deliveries', () => {
  it('shows each plan with its next delivery and contents, and skips the next delivery', async () => {
    servePlans([plan]);
    const user = renderPlans();
    const card = await screen.findByRole('article', { name: 'Every Thursday, 10:00 - 11:00' });
    expect(within(card).getByText('Next delivery: Thu, 26 Nov 2026')).toBeInTheDocument();
    expect(within(card).getByText('2 x Breakfast Tea')).toBeInTheDocument();
    expect(within(card).getByText('£6.20')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Skip next delivery' }));
    expect(
      await within(card).findByText('Skipping Thu, 26 Nov 2026; next delivery Thu, 3 Dec 2026'),
    ).toBeInTheDocument();
    expect(server.sent('PUT', '/api/user/standing-orders/plan-1')[0].body).toEqual({ skipNext: true });
    expect(within(card).getByRole('button', { name: 'Undo skip' })).toBeInTheDocument();
  });

  it('pauses and resumes', async () => {
    servePlans([plan]);
    const user = renderPlans();
    const card = await screen.findByRole('article', { name: 'Every Thursday, 10:00 - 11:00' });
    await user.click(within(card).getByRole('button', { name: 'Pause' }));
    expect(
      await within(card).findByText('Paused', { selector: '[data-testid="next-delivery"]' }),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Skip next delivery' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    expect(await within(card).findByText('Next delivery: Thu, 3 Dec 2026')).toBeInTheDocument();
  });

  it('cancels after asking, and then has none', async () => {
    servePlans([plan]);
    const user = renderPlans();
    const card = await screen.findByRole('article', { name: 'Every Thursday, 10:00 - 11:00' });
    await user.click(within(card).getByRole('button', { name: 'Cancel regular delivery' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this regular delivery?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('You have no regular deliveries.')).toBeInTheDocument();
    await waitFor(() => expect(server.sent('DELETE', '/api/user/standing-orders/plan-1')).toHaveLength(1));
  });
});
