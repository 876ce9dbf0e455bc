import { screen, within } from '@testing-library/react';
import { REFUSAL_REASONS, REFUSALS_TEXTS } from '@larder/shared-domain';
import { pinClock } from '@larder/shared-state/testing';
import { renderWithApi, server } from '../../../test/render';
import RefusalsPage from './RefusalsPage';

beforeEach(() => pinClock('2026-11-24T16:00:00Z'));
afterEach(() => jest.useRealTimers());

const refusal = {
  at: '2026-11-24T10:30:00.000Z',
  order: { _id: 'aaaaaaaa-1', reference: 'AAAAAAAA' },
  driver: { _id: 'd1', name: 'Dee Driver' },
  products: ['Red Wine 75cl'],
  reason: REFUSAL_REASONS.idCheckFailed,
};

describe('Refusals log', () => {
  it("lists this month's refusals with the order, driver, products and reason, and offers them as CSV", async () => {
    renderWithApi(<RefusalsPage />, {}, { path: '/seller/refusals', state: { refusals: [refusal] } });
    expect(screen.getByRole('heading', { level: 1, name: REFUSALS_TEXTS.title })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: REFUSALS_TEXTS.title });
    const row = within(table).getAllByRole('row')[1];
    expect(row).toHaveTextContent('24/11/2026, 10:30');
    expect(row).toHaveTextContent('#AAAAAAAA');
    expect(row).toHaveTextContent('Dee Driver');
    expect(row).toHaveTextContent('Red Wine 75cl');
    expect(row).toHaveTextContent(REFUSAL_REASONS.idCheckFailed);
    expect(server.sent('GET', '/api/seller/refusals')[0].params).toEqual({
      from: '2026-11-01',
      to: '2026-11-24',
    });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/seller/refusals?from=2026-11-01&to=2026-11-24&format=csv'),
    );
  });

  it('says when there are none', async () => {
    renderWithApi(<RefusalsPage />, {}, { path: '/seller/refusals?from=2026-11-01&to=2026-11-24' });
    expect(await screen.findByText(REFUSALS_TEXTS.empty)).toBeInTheDocument();
  });

  it('refuses a range that ends before it starts and asks nothing', () => {
    renderWithApi(<RefusalsPage />, {}, { path: '/seller/refusals?from=2026-11-24&to=2026-11-01' });
    expect(screen.getByRole('alert')).toHaveTextContent(REFUSALS_TEXTS.rangeInvalid);
    expect(server.sent('GET', '/api/seller/refusals')).toHaveLength(0);
  });
});
