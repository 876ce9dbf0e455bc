import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@larder/shared-domain';
import type { CashUpRunView, GetCashUpApiResponse } from '@larder/shared-state';
import { renderWithApi, server } from '../../../test/render';
import CashUpPage from './CashUpPage';

const run = (overrides: Partial<CashUpRunView> = {}): CashUpRunView => ({
  time: '10:00 - 11:00',
  drivers: [{ _id: 'd1', name: 'Dee Driver' }],
  delivered: 2,
  failed: 1,
  due: 24,
  cash: 20,
  card: 4,
  handedIn: null,
  variance: null,
  reason: null,
  signedOff: null,
  corrections: 0,
  ...overrides,
});

const answer = (runs: CashUpRunView[]): { body: GetCashUpApiResponse } => ({
  body: { success: true, date: '2026-11-24', runs },
});

describe('Cash-up', () => {
  it("shows each run's figures and asks for a reason before signing off a shortfall", async () => {
    server.on('GET', '/api/seller/cash-up', answer([run()]));
    server.on('POST', '/api/seller/cash-up', {
      body: {
        success: true,
        date: '2026-11-24',
        runs: [
          run({
            handedIn: 18,
            variance: -2,
            reason: 'Change short',
            signedOff: { by: 'Mo', at: '2026-11-24T18:00:00Z' },
          }),
        ],
      },
    });
    renderWithApi(<CashUpPage />, {}, { path: '/seller/cash-up?date=2026-11-24' });
    const card = await screen.findByRole('listitem', { name: 'Run 10:00 - 11:00' });
    expect(within(card).getByText('Dee Driver', { exact: false })).toBeInTheDocument();
    expect(within(card).getByText('£20.00')).toBeInTheDocument();
    expect(within(card).getByText('Not signed off')).toBeInTheDocument();

    await userEvent.type(within(card).getByLabelText('Cash handed in (£)'), '18');
    expect(within(card).getByText('Variance: £2.00 short')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Sign off' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(MESSAGES.cashUpReasonRequired);
    expect(server.sent('POST', '/api/seller/cash-up')).toHaveLength(0);

    await userEvent.type(within(card).getByLabelText('Reason for a difference'), 'Change short');
    await userEvent.click(within(card).getByRole('button', { name: 'Sign off' }));
    const [sent] = server.sent('POST', '/api/seller/cash-up');
    expect(sent.body).toEqual({
      date: '2026-11-24',
      time: '10:00 - 11:00',
      handedIn: 18,
      reason: 'Change short',
    });
  });

  it("highlights a signed-off run's variance and offers a correction", async () => {
    server.on(
      'GET',
      '/api/seller/cash-up',
      answer([
        run({
          handedIn: 18,
          variance: -2,
          reason: 'Change short',
          signedOff: { by: 'Mo Manager', at: '2026-11-24T18:00:00Z' },
        }),
      ]),
    );
    renderWithApi(<CashUpPage />, {}, { path: '/seller/cash-up?date=2026-11-24' });
    const card = await screen.findByRole('listitem', { name: 'Run 10:00 - 11:00' });
    expect(within(card).getByText('£2.00 short')).toHaveClass('bg-red-100');
    expect(within(card).getByText(/Signed off by Mo Manager/)).toHaveTextContent('Reason: Change short');
    expect(within(card).getByRole('button', { name: 'Record a correction' })).toBeInTheDocument();
  });
});
