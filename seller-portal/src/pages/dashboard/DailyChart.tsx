/**
 * The 14 days as a bar chart of revenue with the orders as a line. Loaded on its own (React.lazy) so the
 * chart library weighs only on the dashboard. The chart takes the keyboard's focus (Recharts' accessibility
 * layer): the arrow keys then move from day to day, its tooltip saying each day's figures; the table beside it
 * carries the same figures.
 */
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useState } from 'react';
import { formatPounds } from '@larder/shared-domain';
import { formatShortDate, type DailyFigure } from './figures';

const BRAND = '#15803d';
const ACCENT = '#92400e';
const AXIS = '#4b5563';

export default function DailyChart({ daily }: { daily: readonly DailyFigure[] }) {
  const data = daily.map((day) => ({ ...day, label: formatShortDate(day.date) }));
  // The tooltip shows only while the pointer is over the chart or the chart holds the focus: never on its own.
  const [pointed, setPointed] = useState(false);
  const [focused, setFocused] = useState(false);
  return (
    <div
      className="h-64 w-full md:h-72"
      data-testid="daily-chart"
      onMouseEnter={() => setPointed(true)}
      onMouseLeave={() => setPointed(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 256 }}>
        <ComposedChart
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer
          title="Revenue and orders for each of the last 14 days"
          desc="The left and right arrow keys move from day to day; the table below has the same figures."
        >
          <CartesianGrid stroke="#e5e7eb" vertical={false} />
          <XAxis
            dataKey="label"
            tick={{ fill: AXIS, fontSize: 12 }}
            tickFormatter={(label: string) => label.split(' ').slice(1).join(' ')}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis
            yAxisId="revenue"
            tick={{ fill: AXIS, fontSize: 12 }}
            tickFormatter={(value: number) => `£${value}`}
            width={56}
          />
          <YAxis
            yAxisId="orders"
            orientation="right"
            allowDecimals={false}
            tick={{ fill: AXIS, fontSize: 12 }}
            width={32}
          />
          <Tooltip
            active={pointed || focused ? undefined : false}
            formatter={(value, name) => (name === 'Revenue' ? formatPounds(Number(value)) : String(value))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill={BRAND} radius={[3, 3, 0, 0]} />
          <Line
            yAxisId="orders"
            dataKey="orders"
            name="Orders"
            stroke={ACCENT}
            strokeWidth={2}
            dot={{ r: 3 }}
            type="monotone"
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
