/** The seller's figures as GET /api/seller/summary gives them (revenue in pounds, dates YYYY-MM-DD, London). */
export interface SellerFigures {
  today: { orders: number; revenue: number };
  last7Days: { orders: number; revenue: number };
  pending: number;
  lowStock: readonly { _id: string; name: string; stock: number }[];
  daily: readonly DailyFigure[];
  topProducts: readonly { _id: string; name: string; quantity: number }[];
}

export interface DailyFigure {
  date: string;
  orders: number;
  revenue: number;
}

const shortDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Mon 16 Nov" for a YYYY-MM-DD calendar date (no time zone shift). */
export function formatShortDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  if (!year || !month || !day) return isoDate;
  return shortDate.format(new Date(Date.UTC(year, month - 1, day)));
}

/** "1 order" / "3 orders". */
export function ordersText(count: number): string {
  return count === 1 ? '1 order' : `${count} orders`;
}
