import type { ReactNode } from 'react';
import { cx } from '../cx';

export type BadgeTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-gray-100 text-gray-800',
  success: 'bg-primary-soft text-brand-800',
  warning: 'bg-warning-soft text-warning',
  danger: 'bg-danger-soft text-danger',
  info: 'bg-sky-100 text-sky-900',
};

/** The colour of an order status: Pending amber, Completed green, Cancelled red. */
export function orderStatusTone(status: string): BadgeTone {
  if (status === 'Completed') return 'success';
  if (status === 'Cancelled') return 'danger';
  if (status === 'Pending') return 'warning';
  return 'neutral';
}

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}

export function Badge({ tone = 'neutral', children, className }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** An order status as a coloured badge. */
export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={orderStatusTone(status)} className={className}>
      {status}
    </Badge>
  );
}
