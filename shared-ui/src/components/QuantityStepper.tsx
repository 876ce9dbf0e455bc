import { MAX_QUANTITY, MIN_QUANTITY } from '@larder/shared-domain';
import { cx } from '../cx';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** What is being counted, for the button labels ("Increase quantity of Apples"). */
  itemLabel: string;
  min?: number;
  max?: number;
  disabled?: boolean;
  size?: 'sm' | 'md';
  className?: string;
}

/** − value + with labelled buttons, kept within min..max (1..99 by default). */
export function QuantityStepper({
  value,
  onChange,
  itemLabel,
  min = MIN_QUANTITY,
  max = MAX_QUANTITY,
  disabled = false,
  size = 'md',
  className,
}: QuantityStepperProps) {
  const button = cx(
    'inline-flex items-center justify-center rounded-md font-semibold text-primary hover:bg-primary-soft',
    'disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent',
    size === 'sm' ? 'h-8 w-8' : 'h-10 w-10',
  );
  return (
    <div
      role="group"
      aria-label={`Quantity of ${itemLabel}`}
      className={cx(
        'inline-flex items-center gap-1 rounded-md border border-primary/40 bg-primary-soft/40',
        className,
      )}
    >
      <button
        type="button"
        className={button}
        aria-label={`Decrease quantity of ${itemLabel}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <span aria-hidden="true">−</span>
      </button>
      <output aria-live="polite" className="min-w-6 text-center text-sm font-medium text-gray-900">
        {value}
      </output>
      <button
        type="button"
        className={button}
        aria-label={`Increase quantity of ${itemLabel}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
