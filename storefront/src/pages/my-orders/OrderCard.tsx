import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  canCancelOrder,
  canChangeOrder,
  collectedDifferenceText,
  collectedText,
  formatAddress,
  formatChangeDeadline,
  formatDeliveryDate,
  formatOrderTime,
  formatPence,
  formatPounds,
  includesVatText,
  MESSAGES,
  orderLifeOfView,
  orderReference,
  orderStateText,
  PROMOTION_TEXTS,
} from '@larder/shared-domain';
import {
  api,
  cartActions,
  selectCartItems,
  useAppDispatch,
  useAppStore,
  useCancelOrderMutation,
  type OrderView,
  errorMessage,
  toast,
} from '@larder/shared-state';
import { Badge, Button, buttonClasses, orderStatusTone, ProductImage, useConfirm } from '@larder/shared-ui';
import { useProducts } from '../../components/useProducts';
import { productImageSrcSet } from '../../components/product-images';
import { useShopLimit } from '../../components/stock';
import { buyAgainMessage, planBuyAgain } from './buy-again';
import { OrderEditor } from './OrderEditor';
import { shownUnitPence, toPence } from '../../lib/api-values';
import { MakeRegularDelivery } from '../../components/MakeRegularDelivery';

const PAYMENT_NAMES: Record<string, string> = { COD: 'Cash On Delivery', Online: 'Paid online' };

interface OrderCardProps {
  order: OrderView;
  now: Date;
  /** Called with the text to show when a cancellation fails. */
  onCancelFailed: (message: string) => void;
}

export function OrderCard({ order, now, onCancelFailed }: OrderCardProps) {
  const headingId = useId();
  const stateId = useId();
  const confirm = useConfirm();
  const dispatch = useAppDispatch();
  const [cancelOrder, { isLoading: cancelling }] = useCancelOrderMutation();
  // A device clock running behind the server's would put a new order's creation in the future; count
  // it as just placed rather than showing its window as closed (the server decides on the real clock).
  const at = new Date(Math.max(now.getTime(), Date.parse(order.createdAt)));
  const life = orderLifeOfView(order);
  const cancellable = canCancelOrder(life, at);
  const state = orderStateText({ ...life, refundDue: toPence(order.refundDueAmount) }, at);
  const collected = order.collected && {
    cash: toPence(order.collected.cash),
    card: toPence(order.collected.card),
    change: toPence(order.collected.change),
    kept: toPence(order.collected.kept),
  };
  const reference = orderReference(order._id);
  const store = useAppStore();
  const products = useProducts();
  const [editing, setEditing] = useState(false);
  const changeRef = useRef<HTMLButtonElement>(null);
  const changeable = canChangeOrder(life, now);
  const picked = order.items.some((item) => item.picked !== null);
  const shopLimit = useShopLimit();
  // A page rendered on the server had the whole catalogue there and comes with a part of it: the button waits
  // for the rest only once the page is the browser's, so that it is first drawn as the server drew it.
  const [afterHydration, setAfterHydration] = useState(false);
  useEffect(() => setAfterHydration(true), []);

  function buyAgain() {
    const plan = planBuyAgain(order.items, products.byId, selectCartItems(store.getState()), shopLimit);
    for (const [id, quantity] of Object.entries(plan.quantities)) {
      dispatch(cartActions.setQuantity({ id, quantity }));
    }
    const { ok, text } = buyAgainMessage(plan);
    const options = { id: `buy-again-${order._id}`, duration: plan.problems.length ? 8000 : undefined };
    if (ok) toast.success(text, options);
    else toast.error(text, options);
  }

  async function cancel() {
    const confirmed = await confirm({
      title: 'Cancel this order?',
      message: `Order #${reference} will be cancelled and not delivered.`,
      confirmLabel: 'Yes, cancel order',
      cancelLabel: 'Keep order',
      danger: true,
    });
    if (!confirmed) return;
    try {
      const result = await cancelOrder({ id: order._id }).unwrap();
      dispatch(
        api.util.updateQueryData('listUserOrders', undefined, (draft) => {
          const cancelled = draft.orders.find((o) => o._id === order._id);
          if (cancelled) cancelled.status = 'Cancelled';
        }),
      );
      toast.success(result.message ?? MESSAGES.orderCancelled);
    } catch (error) {
      onCancelFailed(errorMessage(error, MESSAGES.cancelOrderFailed));
    }
  }

  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-4 md:p-6"
      data-testid="order-card"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-b border-gray-200 pb-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-gray-900">
            Order #{reference}
          </h2>
          <p className="text-sm text-gray-600">
            Placed <time dateTime={order.createdAt}>{formatOrderTime(order.createdAt)}</time>
          </p>
        </div>
        <Badge tone={orderStatusTone(order.status)} className="self-start">
          <span data-testid="fulfilment-stage">{state.stage}</span>
        </Badge>
        <p id={stateId} className="w-full text-sm text-gray-700" data-testid="order-state">
          {state.sentence}
        </p>
      </header>

      <ul className="divide-y divide-gray-100" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.productId} className="flex items-center gap-3 py-3">
            <div className="flex h-14 w-14 shrink-0 items-center justify-center rounded-md border border-gray-200 p-1">
              <ProductImage
                src={item.image ?? undefined}
                srcSet={productImageSrcSet(item.image ?? undefined)}
                sizes="56px"
                alt=""
                width={56}
                height={56}
                className="max-h-full"
              />
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-gray-900">{item.name}</p>
              <p className="text-sm text-gray-600">
                Qty: {item.quantity} × {formatPence(shownUnitPence(item.price, item.vat))}
              </p>
              {item.promotion && (
                <p className="text-xs font-medium text-danger" data-testid="line-promotion">
                  {item.promotion.label}: {PROMOTION_TEXTS.youSave.toLowerCase()}{' '}
                  {formatPounds(item.promotion.saving)}
                </p>
              )}
              {picked && <PickedNote item={item} />}
            </div>
            <p className="text-sm font-medium text-gray-900">
              {/* A line in a deal as placed costs its share of the deal. */}
              {item.promotion && item.picked === null
                ? formatPounds(item.charged)
                : formatPence(shownUnitPence(item.price, item.vat) * (item.picked ?? item.quantity))}
            </p>
          </li>
        ))}
      </ul>

      <div className="grid gap-4 border-t border-gray-200 pt-4 text-sm md:grid-cols-2">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-700">
          <dt className="font-medium text-gray-900">Delivery</dt>
          <dd>
            {formatDeliveryDate(order.deliverySlot.date)}, {order.deliverySlot.time}
          </dd>
          <dt className="font-medium text-gray-900">Address</dt>
          <dd>{order.address ? formatAddress(order.address) : 'Not available'}</dd>
          <dt className="font-medium text-gray-900">Payment</dt>
          <dd>
            {PAYMENT_NAMES[order.paymentType] ?? order.paymentType}
            {order.isPaid ? ' (paid)' : ''}
          </dd>
        </dl>
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-gray-700 md:ml-auto md:min-w-56">
          {/* Lines are shown with VAT, so the items total holds it too. */}
          <dt>Items</dt>
          <dd className="text-right">
            {formatPence(toPence(order.goods) + toPence(order.totalVat) + toPence(order.savings))}
          </dd>
          {order.savings > 0 && (
            <>
              <dt>{PROMOTION_TEXTS.totalSavings}</dt>
              <dd className="text-right" data-testid="order-savings">
                -{formatPounds(order.savings)}
              </dd>
            </>
          )}
          <dt>Shipping</dt>
          <dd className="text-right">
            {order.shippingCharge === 0 ? 'Free' : formatPounds(order.shippingCharge)}
          </dd>
          <dt className="font-semibold text-gray-900">Total</dt>
          <dd className="text-right font-semibold text-gray-900">{formatPounds(order.amount)}</dd>
          <dd className="col-span-2 text-right text-xs text-gray-600">
            {includesVatText(toPence(order.vatIncluded))}
          </dd>
          {collected && (
            <>
              <dt>Paid on delivery</dt>
              <dd className="text-right">{collectedText(collected)}</dd>
              {collectedDifferenceText(toPence(order.due), collected.kept) && (
                <dd className="col-span-2 text-right text-xs text-gray-600">
                  {collectedDifferenceText(toPence(order.due), collected.kept)}
                </dd>
              )}
            </>
          )}
        </dl>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-t border-gray-200 pt-4">
        {changeable && !editing && (
          <Button ref={changeRef} size="sm" onClick={() => setEditing(true)}>
            Change order (until {formatChangeDeadline(order.changeableUntil)})
          </Button>
        )}
        {order.status === 'Completed' && (
          <Link
            to={`/my-orders/${order._id}/receipt`}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            aria-label={`Receipt: order #${reference}`}
          >
            Receipt
          </Link>
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={buyAgain}
          loading={afterHydration && (products.isLoading || !products.complete)}
          disabled={products.isError}
          aria-label={`Buy again: order #${reference}`}
        >
          Buy again
        </Button>
        <MakeRegularDelivery
          source={`order #${reference}`}
          lines={order.items
            .filter((item) => !item.refused)
            .map((item) => ({
              product: item.productId,
              name: item.name,
              quantity: item.quantity,
              allowSubstitutes: item.allowSubstitutes,
              ageRestricted: item.ageRestricted,
            }))}
          deliveryDate={order.deliverySlot.date}
          time={order.deliverySlot.time}
          fromOrder={order.status === 'Cancelled' ? undefined : order._id}
        />
      </div>

      {editing && changeable && (
        <OrderEditor
          order={order}
          onClose={() => {
            setEditing(false);
            requestAnimationFrame(() => changeRef.current?.focus());
          }}
        />
      )}

      {/* Shown while nobody has started picking; disabled once the hour has passed. */}
      {order.status === 'Pending' && order.fulfilment === 'placed' && (
        <div className="mt-4 flex justify-end border-t border-gray-200 pt-4">
          <Button
            variant="danger"
            size="sm"
            onClick={() => void cancel()}
            disabled={!cancellable}
            loading={cancelling}
            aria-describedby={stateId}
          >
            Cancel order
          </Button>
        </div>
      )}
    </article>
  );
}

type OrderItem = OrderView['items'][number];

/** What happened to a line when it was picked: all found, partly or wholly missing, a substitute, refused. */
function PickedNote({ item }: { item: OrderItem }) {
  const found = item.picked ?? 0;
  const missing = item.quantity - found;
  return (
    <ul className="mt-1 text-sm" data-testid="picked-note">
      {item.refused ? (
        <li className="text-danger">Refused at the door</li>
      ) : missing === 0 ? (
        <li className="text-gray-700">Picked: {found}</li>
      ) : (
        <li className="text-warning">
          Picked {found} of {item.quantity}; {missing} missing
        </li>
      )}
      {item.substitute && (
        <li className="text-gray-700">
          Substituted: {item.substitute.quantity} × {item.substitute.name} at{' '}
          {formatPence(shownUnitPence(item.substitute.price, item.substitute.vat))} instead of {item.name} at{' '}
          {formatPence(shownUnitPence(item.price, item.vat))}
        </li>
      )}
    </ul>
  );
}
