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
  reopened: false,
  corrections: 0,
  history: [],
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

  it('says a run reopened by a later delivery is to be signed off again, with its history, and takes no blank reason', async () => {
    server.on(
      'GET',
      '/api/seller/cash-up',
      answer([
        run({
          cash: 11.48,
          reopened: true,
          history: [
            {
              kind: 'sign_off',
              at: '2026-11-24T12:00:00Z',
              by: 'Mo Manager',
              handedIn: 0,
              cash: 5.74,
              variance: -5.74,
              reason: 'Envelope missing',
            },
            {
              kind: 'reopened',
              at: '2026-11-24T12:30:00Z',
              by: null,
              handedIn: null,
              cash: null,
              variance: null,
              reason: null,
            },
          ],
        }),
      ]),
    );
    renderWithApi(<CashUpPage />, {}, { path: '/seller/cash-up?date=2026-11-24' });
    const card = await screen.findByRole('listitem', { name: 'Run 10:00 - 11:00' });
    expect(within(card).getByText('Reopened')).toBeInTheDocument();
    expect(within(card).getByText(/sign it off/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Record a correction' })).not.toBeInTheDocument();
    const history = within(card).getByRole('list', { name: 'Cash-up history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(
        /^Signed off by Mo Manager, .*: handed in £0\.00 of £5\.74 cash kept, £5\.74 short \(Envelope missing\)$/,
      ),
      expect.stringMatching(/^Reopened, /),
    ]);

    await userEvent.type(within(card).getByLabelText('Cash handed in (£)'), '11');
    await userEvent.type(within(card).getByLabelText('Reason for a difference'), '\u200b');
    await userEvent.click(within(card).getByRole('button', { name: 'Sign off' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(MESSAGES.cashUpReasonRequired);
    expect(server.sent('POST', '/api/seller/cash-up')).toHaveLength(0);
  });
});
