import { useEffect, useId, useState } from 'react';
import { formatPounds, MESSAGES } from '@larder/shared-domain';
import {
  errorMessage,
  toast,
  useSearchProductsQuery,
  useUpdateFulfilmentMutation,
  type FulfilmentLineDto,
  type SellerOrderView,
} from '@larder/shared-state';
import { Button, TextInput } from '@larder/shared-ui';

type OrderItem = SellerOrderView['items'][number];

/** What the picker found for one line. */
export interface LineCheck {
  found: 'all' | 'short';
  /** Units found when short (0 up to one fewer than ordered). */
  picked: number;
  substitute: { product: string; name: string; quantity: number } | null;
}

function startingCheck(): LineCheck {
  return { found: 'all', picked: 0, substitute: null };
}

/** The lines of PUT /api/order/{id}/fulfilment for stage picked, one per order line. */
export function pickedLines(
  items: readonly OrderItem[],
  checks: Record<string, LineCheck>,
): FulfilmentLineDto[] {
  return items.map((item) => {
    const check = checks[item.product] ?? startingCheck();
    if (check.found === 'all') return { product: item.product, picked: item.quantity };
    const substitute =
      item.allowSubstitutes && check.substitute
        ? { product: check.substitute.product, quantity: check.substitute.quantity }
        : undefined;
    return { product: item.product, picked: check.picked, ...(substitute ? { substitute } : {}) };
  });
}

/** The search text after a pause in typing. */
function useDebounced(value: string, ms = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Finds a product to send instead of the missing units of `item`. */
function SubstitutePicker({
  item,
  missing,
  value,
  onChange,
}: {
  item: OrderItem;
  missing: number;
  value: LineCheck['substitute'];
  onChange: (substitute: LineCheck['substitute']) => void;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim());
  const found = useSearchProductsQuery({ q }, { skip: q === '' });
  const matches = (found.currentData?.products ?? [])
    .filter((product) => product._id !== item.product && product.inStock && product.stock !== 0)
    .slice(0, 5);

  if (value) {
    return (
      <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-gray-800">
          Substitute: <strong>{value.name}</strong>
        </span>
        <label className="flex items-center gap-1 text-gray-700">
          Units
          <input
            type="number"
            min={1}
            max={missing}
            value={value.quantity}
            onChange={(event) => {
              const quantity = Math.min(missing, Math.max(1, Math.trunc(Number(event.target.value) || 1)));
              onChange({ ...value, quantity });
            }}
            aria-label={`Substitute units for ${item.name}`}
            className="h-9 w-16 rounded-md border border-gray-300 px-2"
          />
        </label>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          No substitute
        </Button>
      </div>
    );
  }

  return (
    <div className="mt-2">
      <TextInput
        label={`Substitute for ${item.name}`}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search products"
        autoComplete="off"
      />
      {q !== '' && (
        <ul aria-label={`Substitutes found for ${item.name}`} className="mt-1 flex flex-col gap-1">
          {found.isFetching && matches.length === 0 ? (
            <li className="text-sm text-gray-600">Searching…</li>
          ) : matches.length === 0 ? (
            <li className="text-sm text-gray-600">No products found</li>
          ) : (
            matches.map((product) => (
              <li key={product._id} className="flex items-center justify-between gap-2 text-sm">
                <span>
                  {product.name} <span className="text-gray-600">{formatPounds(product.offerPrice)}</span>
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => onChange({ product: product._id, name: product.name, quantity: missing })}
                  aria-label={`Use ${product.name} as the substitute for ${item.name}`}
                >
                  Use
                </Button>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

/** The checklist of an order being picked: each line found, or short with how many and an optional substitute. */
export function PickChecklist({ order, label }: { order: SellerOrderView; label: string }) {
  const [checks, setChecks] = useState<Record<string, LineCheck>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateFulfilmentMutation();
  const formId = useId();
  const items = order.items.filter((item) => !item.refused);

  const set = (product: string, change: Partial<LineCheck>) =>
    setChecks((current) => ({
      ...current,
      [product]: { ...(current[product] ?? startingCheck()), ...change },
    }));

  async function submit() {
    setFailure(null);
    try {
      await update({
        id: order._id,
        updateFulfilmentDto: { stage: 'picked', lines: pickedLines(items, checks) },
      }).unwrap();
      toast.success(`${label} picked`, { id: `picked-${order._id}` });
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.orderUpdateFailed));
    }
  }

  return (
    <form
      aria-label={`Checklist for ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ul className="divide-y divide-gray-100">
        {items.map((item) => {
          const check = checks[item.product] ?? startingCheck();
          const name = `${formId}-${item.product}`;
          const missing = item.quantity - check.picked;
          return (
            <li key={item.product} className="py-3">
              <fieldset>
                <legend className="font-medium text-gray-900">
                  {item.name} <span className="text-primary">× {item.quantity}</span>
                  {!item.allowSubstitutes && (
                    <span className="ml-2 text-xs font-normal text-gray-600">(no substitutes)</span>
                  )}
                </legend>
                <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
                  <label className="flex min-h-9 items-center gap-2">
                    <input
                      type="radio"
                      name={name}
                      checked={check.found === 'all'}
                      onChange={() => set(item.product, { found: 'all', substitute: null })}
                      className="h-4 w-4 accent-primary"
                    />
                    Found
                  </label>
                  <label className="flex min-h-9 items-center gap-2">
                    <input
                      type="radio"
                      name={name}
                      checked={check.found === 'short'}
                      onChange={() =>
                        set(item.product, { found: 'short', picked: Math.max(0, item.quantity - 1) })
                      }
                      className="h-4 w-4 accent-primary"
                    />
                    Short
                  </label>
                  {check.found === 'short' && (
                    <label className="flex items-center gap-2">
                      Found
                      <input
                        type="number"
                        min={0}
                        max={item.quantity - 1}
                        value={check.picked}
                        onChange={(event) => {
                          const picked = Math.min(
                            item.quantity - 1,
                            Math.max(0, Math.trunc(Number(event.target.value) || 0)),
                          );
                          set(item.product, {
                            picked,
                            substitute: check.substitute
                              ? {
                                  ...check.substitute,
                                  quantity: Math.min(check.substitute.quantity, item.quantity - picked),
                                }
                              : null,
                          });
                        }}
                        aria-label={`Units of ${item.name} found`}
                        className="h-9 w-16 rounded-md border border-gray-300 px-2"
                      />
                      of {item.quantity}
                    </label>
                  )}
                </div>
                {check.found === 'short' && item.allowSubstitutes && (
                  <SubstitutePicker
                    item={item}
                    missing={missing}
                    value={check.substitute}
                    onChange={(substitute) => set(item.product, { substitute })}
                  />
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {failure && (
        <p role="alert" className="mt-2 rounded-md bg-danger-soft p-2 text-sm text-danger">
          {failure}
        </p>
      )}
      <div className="mt-3 flex justify-end">
        <Button type="submit" loading={isLoading}>
          Mark as picked
        </Button>
      </div>
    </form>
  );
}
