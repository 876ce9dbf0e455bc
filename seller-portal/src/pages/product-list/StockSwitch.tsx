import { cx } from '@larder/shared-ui';

export interface StockSwitchProps {
  productName: string;
  checked: boolean;
  busy?: boolean;
  onToggle: () => void;
}

/** An on/off switch for whether a product is in stock, named "In stock: {name}". */
export function StockSwitch({ productName, checked, busy = false, onToggle }: StockSwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={`In stock: ${productName}`}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onToggle}
      className={cx(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        'disabled:cursor-wait disabled:opacity-70',
        checked ? 'bg-primary' : 'bg-gray-400',
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}
