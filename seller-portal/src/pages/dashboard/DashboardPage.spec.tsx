import { screen, within } from '@testing-library/react';
import { FOOD_PROMOTION_TEXTS, MESSAGES } from '@larder/shared-domain';
import { makeProduct } from '@larder/shared-state/testing';
import { renderWithApi } from '../../../test/render';
import DashboardPage from './DashboardPage';

// jsdom has no layout: the chart's container measures itself with ResizeObserver.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

const daily = Array.from({ length: 14 }, (_, index) => ({
  date: `2026-11-${String(10 + index).padStart(2, '0')}`,
  orders: index === 13 ? 3 : index === 12 ? 1 : 0,
  revenue: index === 13 ? 42.5 : index === 12 ? 7.99 : 0,
}));

const summary = {
  today: { orders: 3, revenue: 42.5 },
  last7Days: { orders: 4, revenue: 50.49 },
  pending: 2,
  lowStock: [
    { _id: 'p-oats', name: 'Oat Cookies', stock: 2 },
    { _id: 'p-milk', name: 'Whole Milk 2L', stock: 0 },
  ],
  daily,
  topProducts: [{ _id: 'p-apples', name: 'Braeburn apples', quantity: 9 }],
};

describe('Seller dashboard', () => {
  it('shows the figures as cards, low stock linking to the product, and the 14 days as a table', async () => {
    renderWithApi(<DashboardPage />, {}, { state: { sellerSummary: summary } });

    const cards = await screen.findByRole('list', { name: 'Figures' });
    const today = within(cards).getByRole('heading', { name: 'Today' }).closest('li')!;
    expect(today).toHaveTextContent('£42.50');
    expect(today).toHaveTextContent('3 orders');
    const week = within(cards).getByRole('heading', { name: 'Last 7 days' }).closest('li')!;
    expect(week).toHaveTextContent('£50.49');
    expect(week).toHaveTextContent('4 orders');
    expect(within(cards).getByRole('heading', { name: 'Pending orders' }).closest('li')).toHaveTextContent(
      '2',
    );

    expect(screen.getByRole('link', { name: 'Oat Cookies' })).toHaveAttribute(
      'href',
      '/seller/edit-product/p-oats',
    );
    expect(screen.getByText('None left')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Orders and revenue for each of the last 14 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(15);
    expect(rows[1]).toHaveTextContent('Tue 10 Nov');
    expect(rows[14]).toHaveTextContent('Mon 23 Nov');
    expect(
      within(rows[14])
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '£42.50']);

    expect(screen.getByRole('heading', { name: 'Best sellers' }).closest('section')).toHaveTextContent(
      'Braeburn apples9',
    );
    expect(await screen.findByTestId('daily-chart')).toBeInTheDocument();
  });

  it('counts the products whose allergens are not confirmed', async () => {
    const confirmed = makeProduct({ _id: 'p-oats', name: 'Oat Cookies', allergensConfirmed: true });
    const unconfirmed = [1, 2].map((n) =>
      makeProduct({ _id: `p-new-${n}`, name: `New loaf ${n}`, allergens: [], allergensConfirmed: false }),
    );
    renderWithApi(
      <DashboardPage />,
      {},
      {
        state: { sellerSummary: summary, products: [confirmed, ...unconfirmed] },
      },
    );
    const section = screen.getByRole('heading', { name: MESSAGES.allergensNotConfirmed }).closest('section')!;
    expect(await within(section).findByTestId('unconfirmed-allergens-count')).toHaveTextContent('2');
    expect(section).toHaveTextContent('2 products are left out of free-from lists');
    expect(within(section).getByRole('link', { name: 'Product List' })).toHaveAttribute(
      'href',
      '/seller/product-list',
    );
  });

  it("says when every product's allergens are confirmed", async () => {
    const confirmed = makeProduct({ _id: 'p-oats', name: 'Oat Cookies', allergensConfirmed: true });
    renderWithApi(<DashboardPage />, {}, { state: { sellerSummary: summary, products: [confirmed] } });
    expect(await screen.findByText("Every product's allergens are confirmed.")).toBeInTheDocument();
  });

  it('says when the figures cannot be loaded and tries again', async () => {
    let calls = 0;
    const { user } = renderWithApi(<DashboardPage />, {
      'GET /api/seller/summary': () =>
        ++calls === 1
          ? { status: 500, body: { success: false, message: MESSAGES.somethingWentWrong } }
          : { body: { success: true, ...summary } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Figures' })).toBeInTheDocument();
  });
});

describe('Dashboard: the food promotion rules', () => {
  it('tells the seller which running multi-buys no longer apply to their less healthy products', async () => {
    const promotion = {
      _id: 'promo-1',
      kind: 'multibuy' as const,
      label: '3 for £5',
      products: ['p-biscuits'],
      quantity: 3,
      price: 5,
      free: 0,
      wasPrice: null,
      startsAt: '2026-11-20T00:00:00+00:00',
      endsAt: '2026-12-01T00:00:00+00:00',
      active: true,
      state: 'running' as const,
      unitsSold: 0,
      saving: 0,
      notApplied: ['Custard Creams'],
    };
    renderWithApi(<DashboardPage />, {}, { state: { sellerPromotions: [promotion] } });
    const notice = await screen.findByRole('region', { name: 'Food promotion rules' });
    expect(notice).toHaveTextContent(`3 for £5: ${FOOD_PROMOTION_TEXTS.notApplied} Custard Creams`);
  });
});
