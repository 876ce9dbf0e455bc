import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { selectCartItems, type UsualsResponse } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import { YourUsualsRow } from '../home/YourUsualsRow';
import UsualsPage from './UsualsPage';

const server = setupMockApi();

const tea = makeProduct({ _id: 'p-tea', name: 'Breakfast Tea' });
const milk = makeProduct({ _id: 'p-milk', name: 'Whole Milk' });
const usuals: UsualsResponse = {
  success: true,
  products: [
    { product: tea, timesBought: 3, lastBought: '2026-11-20T10:00:00.000Z' },
    { product: milk, timesBought: 1, lastBought: '2026-11-02T10:00:00.000Z' },
  ],
};

describe('Your usuals', () => {
  it('lists what the customer buys most, each line with its quantity stepper bound to the basket', async () => {
    server.seed({ products: [tea, milk] });
    server.on<UsualsResponse>('GET', '/api/user/usuals', { body: usuals });
    const store = createTestStore(server, { user: makeUser(), cart: { 'p-milk': 2 } });
    renderPage(<UsualsPage />, { store, path: '/usuals', route: '/usuals' });
    const user = userEvent.setup();

    const lines = await screen.findAllByRole('listitem');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByText('Bought 3 times, last on 20 Nov 2026')).toBeInTheDocument();
    expect(within(lines[1]).getByText('Bought once, last on 2 Nov 2026')).toBeInTheDocument();

    const teaStepper = within(lines[0]).getByRole('group', { name: 'Quantity of Breakfast Tea' });
    await user.click(within(teaStepper).getByRole('button', { name: /Increase/ }));
    const milkStepper = within(lines[1]).getByRole('group', { name: 'Quantity of Whole Milk' });
    await user.click(within(milkStepper).getByRole('button', { name: /Decrease/ }));
    expect(selectCartItems(store.getState())).toEqual({ 'p-tea': 1, 'p-milk': 1 });
  });

  it('is a row on the home page for a signed-in customer, fetched in the browser', async () => {
    server.on<UsualsResponse>('GET', '/api/user/usuals', { body: usuals });
    const store = createTestStore(server, { user: makeUser() });
    renderPage(<YourUsualsRow />, { store, path: '/', route: '/' });
    const row = await screen.findByRole('region', { name: 'Your usuals' });
    expect(within(row).getByRole('heading', { name: 'Breakfast Tea' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'See all your usuals' })).toHaveAttribute('href', '/usuals');
  });

  it('is no row for a visitor, who is never asked about', async () => {
    const store = createTestStore(server, { user: null });
    renderPage(<YourUsualsRow />, { store, path: '/', route: '/' });
    // The row's effects have run (render is wrapped in act): it asked nothing.
    await act(async () => undefined);
    expect(screen.queryByRole('region', { name: 'Your usuals' })).toBeNull();
    expect(server.sent('GET', '/api/user/usuals')).toHaveLength(0);
  });
});
