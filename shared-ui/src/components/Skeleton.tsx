import { cx } from '../cx';

export interface SkeletonProps {
  className?: string;
  /** Round (avatars, dots) instead of rounded corners. */
  circle?: boolean;
}

/** A grey placeholder block that pulses while content loads; hidden from assistive technology. */
export function Skeleton({ className, circle = false }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={cx(
        'animate-pulse bg-gray-200',
        circle ? 'rounded-full' : 'rounded-md',
        className ?? 'h-4 w-full',
      )}
    />
  );
}

/** Several skeleton lines, the last one shorter, like a paragraph. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cx('space-y-2', className)}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className={cx('h-4', index === lines - 1 && lines > 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}
