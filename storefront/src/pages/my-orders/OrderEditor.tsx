import { useEffect, useId, useRef, useState } from 'react';
import {
  DELIVERY_SLOTS,
  MAX_QUANTITY,
  MESSAGES,
  formatAddress,
  formatDeliveryDate,
  formatPence,
  priceBasket,
  promotionRules,
} from '@larder/shared-domain';
import {
  api,
  errorMessage,
  selectUser,
  toast,
  useAppDispatch,
  useAppSelector,
  useChangeOrderMutation,
  useListDeliverySlotsQuery,
  useListPromotionsQuery,
  type OrderView,
} from '@larder/shared-state';
import { Button, QuantityStepper, Select, TextInput, cx } from '@larder/shared-ui';
import { useProductSearch } from '../../components/useProductSearch';
import { useProducts, type Product } from '../../components/useProducts';
import { canBuy, maxInStock, perOrderLimit, useShopLimit } from '../../components/stock';
import { newIdempotencyKey, shownUnitPence, toBasisPoints, toPence } from '../../lib/api-values';
import { AgeConfirmation } from '../../components/AgeConfirmation';

/** One line of the order being changed. */
export interface EditedLine {
  product: string;
  name: string;
  /** Unit price in pounds with VAT, as the shopper would pay it now (the server prices the change). */
  price: number;
  quantity: number;
  allowSubstitutes: boolean;
  /** Units of this product the order already holds: they stay reserved for it while it is changed. */
  held: number;
  /** Sold to adults only (18+). */
  ageRestricted: boolean;
}

interface OrderEditorProps {
  order: OrderView;
  /** Closes the editor; `saved` is true after a successful change. */
  onClose: (saved: boolean) => void;
}

/**
 * The most a line may hold: the units still on the shelf plus those the order already took, and no more than the
 * seller's limit per order, else the shop's limit per product (a line may keep what the order had before a lower
 * limit was set, as the server allows).
 */
function lineCap(line: EditedLine, product: Product | undefined, shopLimit: number | undefined): number {
  if (!product) return Math.max(line.quantity, 1);
  const free = maxInStock(product);
  const limit = perOrderLimit(product, shopLimit);
  const allowed = limit === null ? MAX_QUANTITY : Math.max(limit, line.held);
  return Math.min(MAX_QUANTITY, allowed, Math.max(1, free + line.held));
}

/** The order's lines, slot and address in an editor like the cart's; saving sends PUT /api/order/{id}. */
export function OrderEditor({ order, onClose }: OrderEditorProps) {
  const headingId = useId();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const products = useProducts();
  const shopLimit = useShopLimit();
  const [changeOrder, { isLoading: saving }] = useChangeOrderMutation();
  const slots = useListDeliverySlotsQuery();
  const [lines, setLines] = useState<EditedLine[]>(() =>
    order.items
      .filter((item) => !item.refused)
      .map((item) => ({
        product: item.product,
        name: item.name,
        price: shownUnitPence(item.price, item.vat) / 100,
        quantity: item.quantity,
        allowSubstitutes: item.allowSubstitutes,
        held: item.quantity,
        ageRestricted: item.ageRestricted,
      })),
  );
  const [time, setTime] = useState(order.deliverySlot.time);
  const [addressId, setAddressId] = useState('');
  const [search, setSearch] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [ageMissing, setAgeMissing] = useState(false);
  // One key per version of the edits: a retried save of the same edits is recognised by the server.
  const keyRef = useRef(newIdempotencyKey());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const found = useProductSearch(search);

  useEffect(() => headingRef.current?.focus(), []);

  function edit(next: EditedLine[]) {
    keyRef.current = newIdempotencyKey();
    setLines(next);
  }

  const priced = lines.map((line) => {
    const product = products.byId.get(line.product);
    return { line, product, unit: product ? product.offerPriceWithVat : line.price };
  });
  // Priced as the server prices the change: with the promotions running now (the same function as the basket).
  const promotions = useListPromotionsQuery();
  const basket = priceBasket(
    priced.map(({ line, product, unit }) =>
      product
        ? {
            product: product._id,
            offerPrice: toPence(product.offerPrice),
            vatBasisPoints: toBasisPoints(product.vat),
            quantity: line.quantity,
          }
        : { offerPrice: toPence(unit), vatBasisPoints: 0, quantity: line.quantity },
    ),
    { shippingCharge: 0, shippingThreshold: 0 },
    promotionRules(promotions.data?.promotions ?? []),
  );
  const goodsPence = basket.goods + basket.vat;
  // An order holding or gaining an 18+ product asks for the customer's word again, as checkout does.
  const adultsOnly = priced.some(({ line, product }) => product?.ageRestricted ?? line.ageRestricted);

  function add(product: Product) {
    const existing = lines.find((line) => line.product === product._id);
    if (existing) {
      const cap = lineCap(existing, product, shopLimit);
      edit(
        lines.map((line) =>
          line.product === product._id ? { ...line, quantity: Math.min(cap, line.quantity + 1) } : line,
        ),
      );
    } else {
      edit([
        ...lines,
        {
          product: product._id,
          name: product.name,
          price: product.offerPriceWithVat,
          quantity: 1,
          allowSubstitutes: true,
          held: 0,
          ageRestricted: product.ageRestricted,
        },
      ]);
    }
    setSearch('');
  }

  async function save() {
    setFailure(null);
    if (adultsOnly && !ageConfirmed) {
      setAgeMissing(true);
      return;
    }
    try {
      const result = await changeOrder({
        id: order._id,
        'idempotency-key': keyRef.current,
        changeOrderDto: {
          items: lines.map(({ product, quantity, allowSubstitutes }) => ({
            product,
            quantity,
            allowSubstitutes,
          })),
          ...(time !== order.deliverySlot.time
            ? { deliverySlot: { date: order.deliverySlot.date, time } }
            : {}),
          ...(addressId ? { address: addressId } : {}),
          ...(adultsOnly ? { ageConfirmed: true } : {}),
        },
      }).unwrap();
      dispatch(
        api.util.updateQueryData('listUserOrders', undefined, (draft) => {
          const index = draft.orders.findIndex((o) => o._id === order._id);
          if (index >= 0) draft.orders[index] = result.order;
        }),
      );
      toast.success(result.message);
      onClose(true);
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.orderNotChangeable));
    }
  }

  const matches = (found.products ?? []).filter(canBuy).slice(0, 6);
  const slotPlaces = slots.data?.date === order.deliverySlot.date ? slots.data.slots : undefined;

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-lg border border-primary/40 bg-primary-soft/20 p-4"
      data-testid="order-editor"
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-semibold text-gray-900">
        Change order
      </h3>
      <form
        className="mt-3 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <ul aria-label="Lines of the order" className="divide-y divide-gray-200">
          {priced.map(({ line, product, unit }) => (
            <li key={line.product} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-medium text-gray-900">{line.name}</p>
                <p className="text-sm text-gray-600">{formatPence(toPence(unit))} each</p>
                <label className="mt-1 inline-flex min-h-9 items-center gap-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    checked={line.allowSubstitutes}
                    onChange={(event) =>
                      edit(
                        lines.map((l) =>
                          l.product === line.product ? { ...l, allowSubstitutes: event.target.checked } : l,
                        ),
                      )
                    }
                    aria-label={`Allow substitutes for ${line.name}`}
                    className="h-4 w-4 accent-primary"
                  />
                  Allow substitutes
                </label>
              </div>
              <QuantityStepper
                value={line.quantity}
                max={lineCap(line, product, shopLimit)}
                onChange={(quantity) =>
                  edit(lines.map((l) => (l.product === line.product ? { ...l, quantity } : l)))
                }
                itemLabel={line.name}
                size="sm"
              />
              <p className="w-16 text-right text-sm font-semibold text-gray-900">
                <span className="sr-only">Subtotal </span>
                {formatPence(toPence(unit) * line.quantity)}
              </p>
              <button
                type="button"
                onClick={() => edit(lines.filter((l) => l.product !== line.product))}
                aria-label={`Remove ${line.name} from the order`}
                className="inline-flex min-h-9 items-center rounded-md px-2 text-sm font-medium text-danger hover:bg-danger-soft"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <p className="text-right text-sm text-gray-700">
          Items: <span className="font-semibold text-gray-900">{formatPence(goodsPence)}</span>{' '}
          <span className="text-gray-600">(with VAT; shipping is added when you save)</span>
        </p>

        <div>
          <TextInput
            label="Add a product"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search products"
            autoComplete="off"
          />
          {search.trim() !== '' && (
            <ul aria-label="Products found" className="mt-2 flex flex-col gap-1">
              {found.isSearching ? (
                <li className="text-sm text-gray-600">Searching…</li>
              ) : matches.length === 0 ? (
                <li className="text-sm text-gray-600">No products found</li>
              ) : (
                matches.map((product) => (
                  <li key={product._id} className="flex items-center justify-between gap-2">
                    <span className="text-sm text-gray-900">
                      {product.name}{' '}
                      <span className="text-gray-600">{formatPence(toPence(product.offerPriceWithVat))}</span>
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => add(product)}
                      aria-label={`Add ${product.name} to the order`}
                    >
                      Add
                    </Button>
                  </li>
                ))
              )}
            </ul>
          )}
        </div>

        <fieldset>
          <legend className="text-sm font-semibold text-gray-700">
            Delivery slot on {formatDeliveryDate(order.deliverySlot.date)}
          </legend>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-3">
            {DELIVERY_SLOTS.map((slot) => {
              const places = slotPlaces?.find((entry) => entry.time === slot);
              const full = slot !== order.deliverySlot.time && places !== undefined && places.available <= 0;
              return (
                <label
                  key={slot}
                  className={cx(
                    'flex min-h-11 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 text-sm',
                    'has-[:checked]:border-primary has-[:checked]:bg-primary-soft/50',
                    full && 'cursor-not-allowed bg-gray-100 text-gray-500',
                  )}
                >
                  <input
                    type="radio"
                    name={`slot-${order._id}`}
                    value={slot}
                    checked={time === slot}
                    disabled={full}
                    onChange={() => setTime(slot)}
                    className="h-4 w-4 accent-primary"
                  />
                  {slot}
                  {full && <span className="ml-auto text-xs font-semibold text-danger">Full</span>}
                </label>
              );
            })}
          </div>
        </fieldset>

        <Select
          label="Delivery address"
          value={addressId}
          onChange={(event) => setAddressId(event.target.value)}
        >
          <option value="">
            Keep {order.address ? formatAddress(order.address) : 'the current address'}
          </option>
          {(user?.addresses ?? []).map((address) => (
            <option key={address._id} value={address._id}>
              {formatAddress(address)}
            </option>
          ))}
        </Select>

        {adultsOnly && (
          <AgeConfirmation
            checked={ageConfirmed}
            missing={ageMissing}
            onChange={(checked) => {
              setAgeConfirmed(checked);
              if (checked) setAgeMissing(false);
            }}
          />
        )}

        {failure && (
          <p
            role="alert"
            className="rounded-md border border-danger/30 bg-danger-soft p-3 text-sm text-danger"
          >
            {failure}
          </p>
        )}

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => onClose(false)} disabled={saving}>
            Keep order as it was
          </Button>
          <Button type="submit" loading={saving} disabled={lines.length === 0}>
            Save changes
          </Button>
        </div>
      </form>
    </section>
  );
}
