import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { LOW_STOCK_THRESHOLD, MAX_STOCK, MESSAGES } from '@larder/shared-domain';
import { cx } from '@larder/shared-ui';
import { parseStockText } from '../../lib/product-draft';

export interface StockCountInputProps {
  productName: string;
  /** The counted stock; null when not counted. */
  stock: number | null;
  busy?: boolean;
  /** Saves a new count (null: not counted); resolves false when it was refused. */
  onSave: (stock: number | null) => Promise<boolean>;
}

/** Whether a counted stock is low enough to call for attention (LOW_STOCK_THRESHOLD or fewer). */
export function isLowStock(stock: number | null | undefined): boolean {
  return typeof stock === 'number' && stock <= LOW_STOCK_THRESHOLD;
}

const text = (stock: number | null) => (stock === null ? '' : String(stock));

/**
 * The stock count edited in place: saved on Enter or when the field loses focus, Escape puts back the saved
 * value; empty means "not counted". Low counts are highlighted.
 */
export function StockCountInput({ productName, stock, busy = false, onSave }: StockCountInputProps) {
  const [value, setValue] = useState(text(stock));
  const [error, setError] = useState<string>();
  const errorId = useId();
  const hintId = useId();
  const low = isLowStock(stock);

  // A new value from the server (after a save or a reload) replaces what is shown.
  useEffect(() => setValue(text(stock)), [stock]);

  const save = async () => {
    const parsed = parseStockText(value);
    if (parsed === undefined) {
      setError(MESSAGES.invalidStock);
      return;
    }
    setError(undefined);
    if (parsed === stock) return;
    const saved = await onSave(parsed);
    if (!saved) setValue(text(stock));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') {
      setValue(text(stock));
      setError(undefined);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <input
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STOCK}
          step={1}
          aria-label={`Units in stock: ${productName}`}
          aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          placeholder="—"
          value={value}
          disabled={busy}
          onChange={(event) => {
            setValue(event.target.value);
            setError(undefined);
          }}
          onBlur={() => void save()}
          onKeyDown={onKeyDown}
          className={cx(
            'h-9 w-20 rounded-md border bg-white px-2 text-sm text-gray-900 focus:border-primary focus:outline-2 focus:outline-primary',
            'disabled:cursor-wait disabled:bg-gray-100',
            error
              ? 'border-danger'
              : low
                ? 'border-warning bg-warning-soft font-semibold'
                : 'border-gray-300',
          )}
        />
        {/* At 0 the row says "Sold out" instead (ProductListPage). */}
        {low && stock !== 0 && (
          <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning">
            Low
          </span>
        )}
      </div>
      <span id={hintId} className="sr-only">
        Empty means not counted. Press Enter to save.
      </span>
      {error && (
        <span id={errorId} className="text-xs text-danger">
          {error}
        </span>
      )}
    </div>
  );
}
