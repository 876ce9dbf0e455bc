import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GetTakingsApiResponse, TakingsDayView } from '@larder/shared-state';
import { pinClock } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import TakingsPage from './TakingsPage';

const day = (date: string, overrides: Partial<TakingsDayView> = {}): TakingsDayView => ({
  date,
  orders: 2,
  rates: [
    { rate: 0, net: 4.5, vat: 0, gross: 4.5 },
    { rate: 20, net: 6.49, vat: 1.3, gross: 7.79 },
  ],
  delivery: 3.99,
  gross: 16.28,
  cash: 20,
  card: 0,
  refunds: 0,
  savings: 1,
  ...overrides,
});

const answer = (from: string, to: string, days: TakingsDayView[]): { body: GetTakingsApiResponse } => ({
  body: {
    success: true,
    from,
    to,
    days,
    total: day(`${from}..${to}`, {
      orders: 3,
      rates: [
        { rate: 0, net: 4.5, vat: 0, gross: 4.5 },
        { rate: 5, net: 2.17, vat: 0.11, gross: 2.28 },
        { rate: 20, net: 6.49, vat: 1.3, gross: 7.79 },
      ],
      gross: 18.56,
      refunds: 2.5,
    }),
  },
});

afterEach(() => jest.useRealTimers());

describe('Takings', () => {
  it('shows this month so far (London) by default, each day per VAT rate, the totals row and the CSV link', async () => {
    // 00:30 on 1 July in London (British Summer Time) is still 30 June in UTC.
    pinClock('2026-06-30T23:30:00Z');
    server.on(
      'GET',
      '/api/seller/takings',
      answer('2026-07-01', '2026-07-01', [
        day('2026-07-01'),
        day('2026-07-02', {
          orders: 1,
          rates: [{ rate: 5, net: 2.17, vat: 0.11, gross: 2.28 }],
          delivery: 0,
          gross: 2.28,
          cash: 0,
          card: 2.28,
          refunds: 2.5,
          savings: 0,
        }),
      ]),
    );
    renderWithApi(<TakingsPage />, {}, { path: '/seller/takings' });

    const table = await screen.findByRole('table', { name: /Takings per day of delivery/ });
    const [sent] = server.sent('GET', '/api/seller/takings');
    expect(sent.params).toEqual({ from: '2026-07-01', to: '2026-07-01' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-07-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-07-01');

    // The rates of the whole range, each with its net, VAT and gross.
    for (const rate of ['VAT 0%', 'VAT 5%', 'VAT 20%'])
      expect(within(table).getByRole('columnheader', { name: rate })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'VAT at 20%' })).toBeInTheDocument();
    const first = within(table).getByRole('row', { name: /Wed, 1 Jul 2026/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '2',
      '£4.50',
      '£0.00',
      '£4.50',
      '–',
      '–',
      '–',
      '£6.49',
      '£1.30',
      '£7.79',
      '£3.99',
      '£16.28',
      '£20.00',
      '£0.00',
      '£0.00',
      '£1.00',
    ]);
    const second = within(table).getByRole('row', { name: /Thu, 2 Jul 2026/ });
    expect(within(second).getAllByRole('cell')[6]).toHaveTextContent('£2.28');
    const total = within(table).getByRole('row', { name: /^Total/ });
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      '3',
      '£4.50',
      '£0.00',
      '£4.50',
      '£2.17',
      '£0.11',
      '£2.28',
      '£6.49',
      '£1.30',
      '£7.79',
      '£3.99',
      '£18.56',
      '£20.00',
      '£0.00',
      '£2.50',
      '£1.00',
    ]);
    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(new URL(csv.getAttribute('href')!, 'http://shop.test').search).toBe(
      '?from=2026-07-01&to=2026-07-01&format=csv',
    );
  });

  it('asks for the days chosen, refuses a first day after the last without asking, and shows only their figures', async () => {
    server.on('GET', '/api/seller/takings', ({ params }) =>
      answer(params.from, params.to, [day(params.from)]),
    );
    renderWithApi(<TakingsPage />, {}, { path: '/seller/takings?from=2026-11-01&to=2026-11-30' });
    expect(await screen.findByRole('row', { name: /Sun, 1 Nov 2026/ })).toBeInTheDocument();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');

    await userEvent.clear(to);
    await userEvent.type(to, '2026-10-01');
    // Nothing is asked while a day is being typed.
    expect(server.sent('GET', '/api/seller/takings')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a first day on or before the last day');
    expect(server.sent('GET', '/api/seller/takings')).toHaveLength(1);

    await userEvent.clear(from);
    await userEvent.type(from, '2026-09-05{Enter}');
    expect(await screen.findByRole('row', { name: /Sat, 5 Sept? 2026/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Sun, 1 Nov 2026/ })).not.toBeInTheDocument();
    expect(server.sent('GET', '/api/seller/takings').at(-1)?.params).toEqual({
      from: '2026-09-05',
      to: '2026-10-01',
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(/Sat, 5 Sept? 2026 to Thu, 1 Oct 2026/)).toBeInTheDocument();
  });

  it('says when nothing was delivered on the days chosen', async () => {
    server.on('GET', '/api/seller/takings', answer('2026-11-01', '2026-11-02', []));
    renderWithApi(<TakingsPage />, {}, { path: '/seller/takings?from=2026-11-01&to=2026-11-02' });
    expect(await screen.findByText('Nothing was delivered or refunded on these days.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the refusal and a retry when the takings cannot be loaded', async () => {
    server.on('GET', '/api/seller/takings', {
      status: 500,
      body: { success: false, message: 'Something went wrong' },
    });
    renderWithApi(<TakingsPage />, {}, { path: '/seller/takings?from=2026-11-01&to=2026-11-02' });
    expect(await screen.findByText('The takings could not be loaded')).toBeInTheDocument();
    server.on('GET', '/api/seller/takings', answer('2026-11-01', '2026-11-02', [day('2026-11-01')]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Sun, 1 Nov 2026/ })).toBeInTheDocument();
  });
});
