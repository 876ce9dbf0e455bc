import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupMockApi } from '@larder/shared-state/testing';
import type { ReceiptView } from '@larder/shared-state';
import { createTestStore, makeUser, renderPage } from '../../../test/page-testing';
import ReceiptPage from './ReceiptPage';

const server = setupMockApi();
const ID = '6a7b8c9d-0000-4000-8000-000000000002';

const receipt: ReceiptView = {
  kind: 'receipt',
  number: '#6A7B8C9D',
  seller: { legalName: 'Larder', address: 'London, UK', vatNumber: null },
  customer: null,
  timeOfSupply: '2026-11-25T11:20:00.000Z',
  lines: [
    { name: 'Basmati Rice', quantity: 3, amount: 6, vatRate: 0, promotion: '3 for £5', saving: 1 },
    { name: 'Delivery', quantity: 1, amount: 3.99, vatRate: 0, promotion: null, saving: 0 },
  ],
  vatRates: [],
  savings: 1,
  deals: [{ label: '3 for £5', saving: 1 }],
  total: 8.99,
  cash: 8.99,
  card: 0,
  change: 0,
  paid: 8.99,
  refunds: [],
};

describe('My orders: receipt', () => {
  it('shows what the deal saved, and leads back to My orders', async () => {
    server.on('GET', `/api/order/${ID}/receipt`, { body: { success: true, receipt } });
    const store = createTestStore(server, { user: makeUser() });
    renderPage(<ReceiptPage />, { store, path: `/my-orders/${ID}/receipt`, route: '/my-orders/:id/receipt' });

    const document = await screen.findByRole('region', { name: 'Receipt #6A7B8C9D' });
    const saved = within(document).getByRole('region', { name: 'You saved £1.00' });
    expect(within(saved).getByText('3 for £5').nextElementSibling).toHaveTextContent('-£1.00');
    expect(within(document).getByRole('row', { name: /^Basmati Rice/ })).toHaveTextContent(
      '3 for £5: -£1.00',
    );
    expect(within(document).getByText('Total').nextElementSibling).toHaveTextContent('£8.99');

    await userEvent.setup().click(screen.getByRole('link', { name: 'Back to My orders' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/my-orders');
  });
});
