import type { ReactNode } from 'react';
import { cx } from '../cx';

export interface EmptyStateProps {
  title: ReactNode;
  message?: ReactNode;
  /** A decorative picture or icon. */
  icon?: ReactNode;
  /** Buttons or links offering the way on. */
  action?: ReactNode;
  /** Heading level of the title (2 by default). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

export function EmptyState({ title, message, icon, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={cx('flex flex-col items-center gap-3 px-4 py-12 text-center', className)}>
      {icon && (
        <div aria-hidden="true" className="text-gray-400">
          {icon}
        </div>
      )}
      <Heading className="text-lg font-semibold text-gray-900">{title}</Heading>
      {message && <p className="max-w-md text-sm text-gray-700">{message}</p>}
      {action && <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}
