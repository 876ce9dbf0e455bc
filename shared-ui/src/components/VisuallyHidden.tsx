import type { ComponentPropsWithoutRef } from 'react';

/** Text for screen readers only. */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithoutRef<'span'>) {
  return <span className={className ? `sr-only ${className}` : 'sr-only'} {...props} />;
}
