import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import { Route, Routes } from 'react-router-dom';
import type { ReceiptView } from '@larder/shared-state';
import { renderWithApi, server } from '../../../test/render';
import ReceiptPage from './ReceiptPage';

const ID = '3f2a1b4c-0000-4000-8000-000000000001';

/** A delivered order of two deals: Any 3 for £5 (saving £1.80) and 3 for 2 (saving £3.00). */
const receipt: ReceiptView = {
  kind: 'receipt',
  number: '#3F2A1B4C',
  seller: { legalName: 'Larder Foods Ltd', address: '1 High Street, Bristol BS1 1AA', vatNumber: null },
  customer: null,
  timeOfSupply: '2026-11-25T11:20:00.000Z',
  lines: [
    { name: 'Seeded Bread', quantity: 2, amount: 4, vatRate: 0, promotion: 'Any 3 for £5', saving: 0.82 },
    { name: 'House Red', quantity: 2, amount: 4.8, vatRate: 20, promotion: 'Any 3 for £5', saving: 0.98 },
    { name: 'Strawberry Jam', quantity: 3, amount: 9, vatRate: 0, promotion: '3 for 2', saving: 3 },
    { name: 'Milk', quantity: 1, amount: 1.2, vatRate: 0, promotion: null, saving: 0 },
    { name: 'Delivery', quantity: 1, amount: 3.5, vatRate: 0, promotion: null, saving: 0 },
  ],
  vatRates: [],
  savings: 4.8,
  deals: [
    { label: 'Any 3 for £5', saving: 1.8 },
    { label: '3 for 2', saving: 3 },
  ],
  total: 17.7,
  cash: 20,
  card: 0,
  change: 2.3,
  paid: 17.7,
  refunds: [],
};

function renderReceipt(answer: ReceiptView | { status: number; message: string }) {
  return renderWithApi(
    <Routes>
      <Route path="/seller/receipt/:id" element={<ReceiptPage />} />
    </Routes>,
    {
      [`GET /api/order/${ID}/receipt`]:
        'status' in answer
          ? { status: answer.status, body: { success: false, message: answer.message } }
          : { body: { success: true, receipt: answer } },
    },
    { path: `/seller/receipt/${ID}` },
  );
}

describe('Seller receipt', () => {
  it('shows what the deals saved: "You saved", each deal, and each line\'s deal and saving', async () => {
    renderReceipt(receipt);
    const document = await screen.findByRole('region', { name: 'Receipt #3F2A1B4C' });
    const saved = within(document).getByRole('region', { name: 'You saved £4.80' });
    expect(within(saved).getByText('Any 3 for £5').nextElementSibling).toHaveTextContent('-£1.80');
    expect(within(saved).getByText('3 for 2').nextElementSibling).toHaveTextContent('-£3.00');
    expect(within(saved).getByText('Total savings').nextElementSibling).toHaveTextContent('-£4.80');

    const row = (name: string) => within(document).getByRole('row', { name: new RegExp(`^${name}`) });
    expect(row('Strawberry Jam')).toHaveTextContent('3 for 2: -£3.00');
    expect(row('Strawberry Jam')).toHaveTextContent('£9.00');
    expect(row('House Red')).toHaveTextContent('Any 3 for £5: -£0.98');
    expect(row('Milk')).not.toHaveTextContent('for');
    expect(within(document).getByText('Total').nextElementSibling).toHaveTextContent('£17.70');
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/seller/orders');
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('says nothing of savings on an order no deal touched', async () => {
    renderReceipt({
      ...receipt,
      lines: [{ name: 'Milk', quantity: 1, amount: 1.2, vatRate: 0, promotion: null, saving: 0 }],
      savings: 0,
      deals: [],
      total: 1.2,
    });
    const document = await screen.findByRole('region', { name: 'Receipt #3F2A1B4C' });
    expect(document).not.toHaveTextContent('You saved');
    expect(document).not.toHaveTextContent('Total savings');
  });

  it('says why a receipt cannot be shown, with a retry and no Print', async () => {
    renderReceipt({ status: 409, message: 'The receipt is ready once the order is delivered' });
    expect(
      await screen.findByRole('heading', { name: 'The receipt could not be shown' }),
    ).toBeInTheDocument();
    expect(screen.getByText('The receipt is ready once the order is delivered')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).not.toBeInTheDocument();
  });

  it('refunds at most what the shop kept less refunds, asks for a reason in words, and gives the credit note', async () => {
    // £50 handed over for £17.70: the shop kept £17.70, and £5.00 went back already.
    renderReceipt({
      ...receipt,
      cash: 50,
      change: 32.3,
      paid: 17.7,
      refunds: [
        {
          _id: 'r1',
          amount: 5,
          at: '2026-11-25T12:00:00.000Z',
          creditNote: 'CN-000001',
          method: 'cash',
          reason: 'Bruised pears',
          reference: null,
        },
      ],
    });
    server.on('POST', `/api/order/${ID}/refunds`, () => ({
      status: 201,
      body: {
        success: true,
        refund: {
          _id: 'r2',
          amount: 12.7,
          at: '2026-11-25T12:30:00.000Z',
          creditNote: 'CN-000002',
          method: 'cash',
          reason: 'Milk sour',
          reference: null,
        },
      },
    }));
    const form = await screen.findByRole('region', { name: 'Refund' });
    expect(form).toHaveTextContent('Up to £12.70 can be given back');

    const amount = within(form).getByLabelText('Amount (£)');
    await userEvent.type(amount, '12.71');
    await userEvent.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(within(form).getByText(MESSAGES.refundTooLarge)).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(amount);
    await userEvent.type(amount, '12.70');
    const reason = within(form).getByLabelText('Reason');
    await userEvent.type(reason, '\u200b');
    await userEvent.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(within(form).getByText(MESSAGES.reasonNeedsWords)).toBeInTheDocument();
    expect(reason).toHaveFocus();
    expect(server.sent('POST', `/api/order/${ID}/refunds`)).toHaveLength(0);

    await userEvent.clear(reason);
    await userEvent.type(reason, 'Milk sour');
    await userEvent.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('Refund of £12.70 recorded: credit note CN-000002')).toBeInTheDocument();
    const [sent] = server.sent('POST', `/api/order/${ID}/refunds`);
    expect(sent.body).toEqual({ amount: 12.7, method: 'cash', reason: 'Milk sour' });
  });

  it('has nothing left to refund once refunds reach what was kept', async () => {
    renderReceipt({
      ...receipt,
      refunds: [
        {
          _id: 'r1',
          amount: 17.7,
          at: '2026-11-25T12:00:00.000Z',
          creditNote: 'CN-000001',
          method: 'cash',
          reason: 'Order spoiled',
          reference: null,
        },
      ],
    });
    const form = await screen.findByRole('region', { name: 'Refund' });
    expect(form).toHaveTextContent('Nothing left to refund on this order.');
    expect(within(form).queryByRole('button', { name: 'Record refund' })).not.toBeInTheDocument();
  });
});
