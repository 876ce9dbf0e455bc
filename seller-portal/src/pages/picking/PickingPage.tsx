import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  formatDeliveryDate,
  formatPounds,
  fulfilmentStageLabel,
  fulfilmentStepRefusal,
  mayMoveToStage,
  MESSAGES,
  orderReference,
  parseIsoDate,
} from '@larder/shared-domain';
import {
  errorMessage,
  selectSellerStaff,
  toast,
  useAppSelector,
  useGetPickingQuery,
  useLiveOrders,
  useUpdateFulfilmentMutation,
  type PickingResponse,
  type SellerOrderView,
} from '@larder/shared-state';
import { Badge, Button, EmptyState, Skeleton, buttonClasses, useDocumentTitle } from '@larder/shared-ui';
import { PickingIcon } from '../../components/icons';
import { useSellerPath } from '../../layout/SellerBase';
import { PickChecklist } from './PickChecklist';

/**
 * The delivery date asked for in ?date= when it is a real date; without one the server answers for the next
 * date that has orders, so the screen opens on work to do.
 */
function useAskedDate(): [string | undefined, (date: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  return [
    parseIsoDate(asked) ? asked : undefined,
    (next) => setParams(next ? { date: next } : {}, { replace: true }),
  ];
}

/** /seller/picking: the day's pick list, then each slot's orders to pick, dispatch and deliver. */
export default function PickingPage() {
  useDocumentTitle('Picking');
  const [asked, setDate] = useAskedDate();
  const dateId = useId();
  const { pollingInterval } = useLiveOrders('seller');
  const { data, isLoading, isError, error, refetch } = useGetPickingQuery(asked ? { date: asked } : {}, {
    pollingInterval,
  });
  // Without ?date= the date is the server's choice, known once it answers.
  const date = asked ?? data?.date;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4 print:hidden">
        <div>
          <h1 className="text-2xl font-semibold text-gray-900">Picking</h1>
          {date && <p className="text-sm text-gray-600">Deliveries on {formatDeliveryDate(date)}</p>}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={dateId} className="text-sm font-medium text-gray-800">
            Delivery date
          </label>
          <input
            id={dateId}
            type="date"
            value={date ?? ''}
            onChange={(event) => setDate(event.target.value)}
            className="h-10 rounded-md border border-gray-300 px-3 text-sm"
          />
        </div>
      </div>

      {isLoading ? (
        <div role="status" aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">Loading the pick list</span>
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : isError || !data ? (
        <div role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-danger">
          <p>{errorMessage(error, MESSAGES.ordersLoadFailed)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : data.products.length === 0 && data.slots.every((slot) => slot.orders.length === 0) ? (
        <EmptyState
          icon={<PickingIcon className="h-12 w-12" />}
          title="Nothing to pick"
          message={`There are no orders for ${formatDeliveryDate(data.date)}.`}
        />
      ) : (
        <>
          {!data.alcohol.allowed && (
            <p
              role="note"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              {`Outside the licensed hours: 18+ products wait. ${data.alcohol.message}`}
            </p>
          )}
          <PickList picking={data} />
          {data.slots.map((slot) => (
            <SlotSection key={slot.time} date={data.date} time={slot.time} orders={slot.orders} />
          ))}
        </>
      )}
    </div>
  );
}

/** Every product's total for the day, to take round the shelves (printable on its own). */
function PickList({ picking }: { picking: PickingResponse }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 p-4 print:border-0 print:p-0"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          Pick list <span className="print:inline hidden">for {formatDeliveryDate(picking.date)}</span>
        </h2>
        <Button variant="secondary" size="sm" onClick={() => window.print()} className="print:hidden">
          Print pick list
        </Button>
      </div>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="border-b border-gray-200 text-gray-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Product
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-medium">
              Units
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              Orders
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {picking.products.map((line) => (
            <tr key={line.product}>
              <td className="py-2 pr-3 text-gray-900">{line.name}</td>
              <td className="py-2 pr-3 text-right font-semibold text-gray-900">{line.quantity}</td>
              <td className="py-2 text-right text-gray-700">{line.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const STAGE_TONE = {
  placed: 'neutral',
  picking: 'warning',
  picked: 'info',
  out_for_delivery: 'info',
  delivered: 'success',
  failed_delivery: 'danger',
} as const;

/** One slot's orders with Dispatch (its picked orders leave) and its run sheet. */
function SlotSection({ date, time, orders }: { date: string; time: string; orders: SellerOrderView[] }) {
  const headingId = useId();
  const sellerPath = useSellerPath();
  const [update] = useUpdateFulfilmentMutation();
  const [dispatching, setDispatching] = useState(false);
  const live = orders.filter((order) => order.status !== 'Cancelled');
  const ready = live.filter((order) => order.fulfilment === 'picked');
  const mayDispatch = mayMoveToStage(useAppSelector(selectSellerStaff)?.role ?? 'owner', 'out_for_delivery');

  async function dispatchSlot() {
    setDispatching(true);
    let sent = 0;
    try {
      for (const order of ready) {
        await update({ id: order._id, updateFulfilmentDto: { stage: 'out_for_delivery' } }).unwrap();
        sent += 1;
      }
      toast.success(`${sent} order${sent === 1 ? '' : 's'} out for delivery`);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.orderUpdateFailed));
    } finally {
      setDispatching(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 print:hidden">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-200 pb-2">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          {time}{' '}
          <span className="text-sm font-normal text-gray-600">
            {live.length === 1 ? '1 order' : `${live.length} orders`}
          </span>
        </h2>
        {/* A picker picks: the run sheet and dispatching are the drivers' (and the shop's). */}
        {mayDispatch && (
          <div className="flex flex-wrap gap-2">
            <Link
              to={`${sellerPath('run-sheet')}?${new URLSearchParams({ date, time }).toString()}`}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Run sheet<span className="sr-only"> for {time}</span>
            </Link>
            <Button
              size="sm"
              onClick={() => void dispatchSlot()}
              disabled={ready.length === 0}
              loading={dispatching}
            >
              Dispatch {ready.length > 0 ? `${ready.length} picked` : ''}
              <span className="sr-only"> orders of {time}</span>
            </Button>
          </div>
        )}
      </div>
      {live.length === 0 ? (
        <p className="text-sm text-gray-600">No orders in this slot.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={`Orders for ${time}`}>
          {live.map((order) => (
            <li key={order._id}>
              <PickOrder order={order} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An order of the day: start picking, its checklist, what was picked, Delivered. */
function PickOrder({ order }: { order: SellerOrderView }) {
  const headingId = useId();
  const [update, { isLoading }] = useUpdateFulfilmentMutation();
  const reference = orderReference(order._id);
  const label = `Order #${reference}`;
  // Only what the order's lifecycle allows is offered (an unpaid card order waits for its payment).
  const notPickable = order.status === 'Pending' ? fulfilmentStepRefusal(order, 'picking') : undefined;

  async function move(stage: 'picking' | 'delivered', done: string) {
    try {
      await update({ id: order._id, updateFulfilmentDto: { stage } }).unwrap();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.orderUpdateFailed));
    }
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="font-semibold text-gray-900">
            {label} <span className="font-normal text-gray-700">· {order.customer.name}</span>
          </h3>
          <p className="text-sm text-gray-600">
            {order.address?.postalCode ?? ''} · {formatPounds(order.amount)}
            {order.paymentType === 'COD' && !order.isPaid
              ? ' to collect'
              : order.isPaid
                ? ' paid'
                : ' card payment not received'}
          </p>
        </div>
        <Badge tone={STAGE_TONE[order.fulfilment]}>{fulfilmentStageLabel(order.fulfilment)}</Badge>
      </header>

      {order.fulfilment === 'placed' && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          {notPickable ? (
            <p className="text-sm text-warning">{notPickable}</p>
          ) : (
            <>
              <p className="text-sm text-gray-700">
                {order.items.length === 1 ? '1 line' : `${order.items.length} lines`}; the customer can still
                change it until picking starts.
              </p>
              <Button size="sm" loading={isLoading} onClick={() => void move('picking', `Picking ${label}`)}>
                Start picking<span className="sr-only"> {label}</span>
              </Button>
            </>
          )}
        </div>
      )}

      {order.fulfilment === 'picking' && (
        <div className="mt-2">
          <PickChecklist order={order} label={label} />
        </div>
      )}

      {(order.fulfilment === 'picked' ||
        order.fulfilment === 'out_for_delivery' ||
        order.fulfilment === 'delivered') && (
        <ul className="mt-2 text-sm text-gray-800" aria-label={`Picked lines of ${label}`}>
          {order.items.map((item) => {
            const found = item.picked ?? item.quantity;
            return (
              <li key={item.product} className="py-0.5">
                {item.name}: {found} of {item.quantity}
                {found < item.quantity && (
                  <span className="text-warning"> ({item.quantity - found} missing)</span>
                )}
                {item.substitute && (
                  <span>
                    {' '}
                    · substitute {item.substitute.quantity} × {item.substitute.name} at{' '}
                    {formatPounds(item.substitute.price)}
                  </span>
                )}
                {item.refused && <span className="text-danger"> · refused</span>}
              </li>
            );
          })}
        </ul>
      )}

      {order.fulfilment === 'out_for_delivery' && (
        <div className="mt-3 flex justify-end">
          <Button size="sm" loading={isLoading} onClick={() => void move('delivered', `${label} delivered`)}>
            Delivered<span className="sr-only"> {label}</span>
          </Button>
        </div>
      )}
    </article>
  );
}
