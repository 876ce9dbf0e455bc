import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApi } from '../../../test/render';
import DashboardPage from './DashboardPage';

// jsdom has no layout: the chart's container is told it is 640 by 256 pixels, as a screen would measure it.
const realResizeObserver = globalThis.ResizeObserver;
beforeAll(() => {
  globalThis.ResizeObserver = class {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      const entry = { target, contentRect: { width: 640, height: 256 } } as unknown as ResizeObserverEntry;
      this.report([entry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterAll(() => {
  globalThis.ResizeObserver = realResizeObserver;
});

const daily = Array.from({ length: 14 }, (_, index) => ({
  date: `2026-11-${String(10 + index).padStart(2, '0')}`,
  orders: index === 0 ? 2 : index === 1 ? 5 : 0,
  revenue: index === 0 ? 18.4 : index === 1 ? 61.25 : 0,
}));

const summary = {
  today: { orders: 0, revenue: 0 },
  last7Days: { orders: 0, revenue: 0 },
  pending: 0,
  lowStock: [],
  daily,
  topProducts: [],
};

/** The chart's tooltip as a sighted seller sees it: its text while shown, null while hidden. */
function shownTooltip(): string | null {
  const tooltip = screen.getByTestId('daily-chart').querySelector<HTMLElement>('.recharts-tooltip-wrapper');
  return tooltip && tooltip.style.visibility !== 'hidden' ? tooltip.textContent : null;
}

describe('Seller dashboard: the 14-day chart', () => {
  it('shows its tooltip on keyboard focus, day by day with the arrow keys, and never on its own', async () => {
    renderWithApi(<DashboardPage />, {}, { state: { sellerSummary: summary } });
    const user = userEvent.setup();
    const chart = await screen.findByRole('application', {
      name: 'Revenue and orders for each of the last 14 days',
    });
    expect(shownTooltip()).toBeNull();

    // Tab through the page until the chart holds the focus.
    for (let i = 0; i < 30 && document.activeElement !== chart; i += 1) await user.tab();
    expect(chart).toHaveFocus();
    await waitFor(() => expect(shownTooltip()).toBe('Tue 10 NovOrders : 2Revenue : £18.40'));

    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(shownTooltip()).toBe('Wed 11 NovOrders : 5Revenue : £61.25'));

    await user.tab();
    expect(chart).not.toHaveFocus();
    await waitFor(() => expect(shownTooltip()).toBeNull());
  });

  it('shows its tooltip while the pointer is over it, and hides it when the pointer leaves', async () => {
    renderWithApi(<DashboardPage />, {}, { state: { sellerSummary: summary } });
    await screen.findByRole('application', { name: 'Revenue and orders for each of the last 14 days' });
    const chart = screen.getByTestId('daily-chart');
    const plot = chart.querySelector('.recharts-wrapper')!;

    // The pointer comes in over the first day's bar (the plot starts 56 px in, after the pounds axis).
    fireEvent.mouseEnter(chart);
    fireEvent.mouseMove(plot, { clientX: 70, clientY: 120 });
    await waitFor(() => expect(shownTooltip()).toBe('Tue 10 NovOrders : 2Revenue : £18.40'));
    fireEvent.mouseLeave(plot);
    fireEvent.mouseLeave(chart);
    await waitFor(() => expect(shownTooltip()).toBeNull());
  });
});
