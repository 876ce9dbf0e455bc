import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  DELIVERY_FAILURE_LABELS,
  DELIVERY_SLOTS,
  type DeliveryFailureReason,
  formatDeliveryDate,
  formatPounds,
  isDeliverySlot,
  londonIsoString,
  MESSAGES,
  orderReference,
  parseIsoDate,
  poundsToPence,
  collectedText,
} from '@larder/shared-domain';
import {
  errorMessage,
  useGetRunQuery,
  useSellerIsAuthQuery,
  type SellerOrderView,
} from '@larder/shared-state';
import { Badge, Button, EmptyState, Skeleton, useDocumentTitle } from '@larder/shared-ui';
import { useSellerPath } from '../../layout/SellerBase';
import { BIG, DeliveredForm, FailedForm } from './door-forms';
import { keepRunOffline } from './offline-worker';
import { toDeliver, useFirstRunWithDrops, useStartRun } from './run-day';
import { useOutcomeQueue } from './use-outcome-queue';

function mapsUrl(order: SellerOrderView): string | undefined {
  const address = order.customer.address;
  return address
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
    : undefined;
}

/** The Run page's query for a date and slot (the date alone while no slot is chosen). */
function runQuery(run: { date: string; time: string }): string {
  return new URLSearchParams(run.time ? run : { date: run.date }).toString();
}

function subscribeToSignal(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the phone says it has a connection. */
function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeToSignal,
    () => navigator.onLine,
    () => true,
  );
}

/** Whether the Run page will open again without signal (its service worker is in place). */
function useWorksOffline(): boolean {
  const [works, setWorks] = useState(false);
  useEffect(() => {
    let current = true;
    void keepRunOffline().then((ready) => current && setWorks(ready));
    return () => {
      current = false;
    };
  }, []);
  return works;
}

/**
 * /seller/run?date=&time=: a driver's drops in run-sheet order, with each door's outcome, on a phone. Opened
 * without a date it goes to the first slot from today on with drops to deliver; the driver may choose any date
 * and slot, start the run (every picked order of the slot out for delivery) and record each door.
 */
export default function RunPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sellerPath = useSellerPath();
  const today = londonIsoString(new Date()).slice(0, 10);
  const chosen = params.get('date');
  const date = chosen ?? today;
  const time = params.get('time') ?? '';
  const valid = parseIsoDate(date) !== undefined && isDeliverySlot(time);
  useDocumentTitle(valid ? `Run ${date} ${time}` : 'Run');
  const runPath = (run: { date: string; time: string }) => `${sellerPath('run')}?${runQuery(run)}`;
  const first = useFirstRunWithDrops(today, chosen === null);
  useEffect(() => {
    if (chosen === null && first) void navigate(`${sellerPath('run')}?${runQuery(first)}`, { replace: true });
  }, [chosen, first, navigate, sellerPath]);
  const finding = chosen === null;
  const { data: session } = useSellerIsAuthQuery();
  const { data, isLoading, error, refetch } = useGetRunQuery({ date, time }, { skip: !valid });
  const { queued, refused, sending, add, flush } = useOutcomeQueue(session?.staff?._id);
  const { start, starting } = useStartRun();
  const waiting = queued?.length ?? 0;
  const online = useOnline();
  const worksOffline = useWorksOffline();
  const dateId = useId();
  const toTakeOut = data?.orders.filter((order) => toDeliver(order) && order.fulfilment === 'picked') ?? [];

  return (
    <article className="mx-auto flex max-w-xl flex-col gap-4 text-gray-900">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">Run</h1>
        <p className="text-base text-gray-800">{formatDeliveryDate(date)}</p>
        <div className="flex flex-wrap items-end gap-2">
          <label htmlFor={dateId} className="flex flex-col gap-1 text-base font-medium">
            Date
            <input
              id={dateId}
              type="date"
              className="min-h-12 rounded border-2 border-gray-400 px-3 text-base"
              value={date}
              onChange={(event) => {
                if (parseIsoDate(event.target.value))
                  void navigate(runPath({ date: event.target.value, time }));
              }}
            />
          </label>
          {date !== today && (
            <Link
              to={runPath({ date: today, time })}
              className="inline-flex min-h-12 items-center rounded-md border border-gray-400 bg-white px-3 text-base"
            >
              Today
            </Link>
          )}
        </div>
        <nav aria-label="Delivery slots" className="flex flex-wrap gap-2">
          {DELIVERY_SLOTS.map((slot) => (
            <Link
              key={slot}
              to={runPath({ date, time: slot })}
              aria-current={slot === time ? 'page' : undefined}
              className={`inline-flex min-h-12 items-center rounded-md border px-3 text-base ${
                slot === time
                  ? 'border-primary bg-primary text-white'
                  : 'border-gray-400 bg-white text-gray-900'
              }`}
            >
              {slot}
            </Link>
          ))}
        </nav>
        {!online ? (
          <p className="rounded bg-amber-100 px-3 py-2 text-base font-medium text-amber-900">
            No signal: the run as last loaded on this phone.
          </p>
        ) : (
          worksOffline && (
            <p className="text-base text-gray-700">This run also opens on this phone without signal.</p>
          )
        )}
        <p role="status" aria-live="polite" className="text-base font-medium">
          {queued === undefined ? null : waiting > 0 ? (
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone="warning">
                {waiting === 1 ? '1 update waiting' : `${waiting} updates waiting`}
              </Badge>
              <span className="text-gray-800">Kept on this phone; sent when the signal returns.</span>
              <Button
                variant="secondary"
                size="sm"
                className={BIG}
                loading={sending}
                onClick={() => void flush()}
              >
                Send now
              </Button>
            </span>
          ) : (
            <span className="text-gray-700">All updates sent</span>
          )}
        </p>
      </header>

      {finding ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">Finding your next run</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : !valid ? (
        <EmptyState title="Choose a slot" message="Pick the delivery slot of your run above." />
      ) : isLoading ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">Loading the run</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : !data ? (
        <EmptyState
          title="The run could not be loaded"
          message={errorMessage(error, MESSAGES.somethingWentWrong)}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : data.orders.length === 0 ? (
        <EmptyState title="No drops" message="This slot has no orders to deliver." />
      ) : (
        <>
          {toTakeOut.length > 0 && (
            <section
              aria-label="Start the run"
              className="flex flex-col gap-2 rounded-lg bg-primary-soft p-4"
            >
              <p className="text-base">
                {toTakeOut.length === 1
                  ? '1 picked order is ready to go.'
                  : `${toTakeOut.length} picked orders are ready to go.`}
              </p>
              <Button className={BIG} loading={starting} onClick={() => void start(toTakeOut)}>
                Start run
              </Button>
            </section>
          )}
          <ol className="flex flex-col gap-4" aria-label="Drops in run order">
            {data.orders.map((order, index) => (
              <Drop
                key={order._id}
                order={order}
                stop={index + 1}
                pending={queued?.some((q) => q.orderId === order._id) ?? false}
                refusal={refused[order._id]}
                onOutcome={(body) => add(order._id, body)}
              />
            ))}
          </ol>
        </>
      )}
    </article>
  );
}

interface DropProps {
  order: SellerOrderView;
  stop: number;
  pending: boolean;
  /** Why the server refused what was recorded here, if it did. */
  refusal?: string;
  onOutcome: (body: Record<string, unknown>) => Promise<void>;
}

function Drop({ order, stop, pending, refusal, onOutcome }: DropProps) {
  const headingId = useId();
  const [mode, setMode] = useState<'none' | 'delivered' | 'failed'>('none');
  const reference = orderReference(order._id);
  const maps = mapsUrl(order);
  const open = order.status === 'Pending' && order.fulfilment === 'out_for_delivery' && !pending;

  return (
    <li className="rounded-lg border-2 border-gray-300 bg-white p-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        {stop}. {order.customer.name}{' '}
        <span className="text-base font-normal text-gray-700">#{reference}</span>
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-2 text-base">
        <dt className="font-medium">Address</dt>
        <dd>
          {maps ? (
            <a href={maps} target="_blank" rel="noreferrer" className="text-primary underline">
              {order.customer.address}
            </a>
          ) : (
            'Not available'
          )}
        </dd>
        <dt className="font-medium">Phone</dt>
        <dd>
          {order.customer.phone ? (
            <a href={`tel:${order.customer.phone.replace(/\s+/g, '')}`} className="text-primary underline">
              {order.customer.phone}
            </a>
          ) : (
            'None given'
          )}
        </dd>
        <dt className="font-medium">To collect</dt>
        <dd className="text-lg font-semibold">
          {order.paymentType === 'COD' ? formatPounds(order.due) : 'Paid by card'}
        </dd>
        <dt className="font-medium">Items</dt>
        <dd>
          <ul>
            {order.items
              .filter((item) => !item.refused)
              .map((item) => (
                <li key={item.product}>
                  {item.picked ?? item.quantity} x {item.name}
                  {item.substitute ? `, ${item.substitute.quantity} x ${item.substitute.name} instead` : ''}
                </li>
              ))}
          </ul>
        </dd>
      </dl>
      {order.ageCheckRequired && (
        <p className="mt-2 rounded bg-amber-100 px-3 py-2 text-base font-semibold text-amber-900">
          18+: check ID (Challenge 25)
        </p>
      )}

      <DropState order={order} pending={pending} />
      {refusal && (
        <p role="alert" className="mt-3 text-base font-medium text-red-700">
          Not recorded: {refusal}
        </p>
      )}

      {open && mode === 'none' && (
        <div className="mt-3 grid grid-cols-2 gap-3">
          <Button className={BIG} onClick={() => setMode('delivered')}>
            Delivered
          </Button>
          <Button variant="secondary" className={BIG} onClick={() => setMode('failed')}>
            Not delivered
          </Button>
        </div>
      )}
      {open && mode === 'delivered' && (
        <DeliveredForm order={order} onCancel={() => setMode('none')} onOutcome={onOutcome} />
      )}
      {open && mode === 'failed' && (
        <FailedForm order={order} onCancel={() => setMode('none')} onOutcome={onOutcome} />
      )}
    </li>
  );
}

function DropState({ order, pending }: { order: SellerOrderView; pending: boolean }) {
  if (pending)
    return <p className="mt-3 text-base font-medium text-amber-900">Saved on this phone: waiting to send</p>;
  if (order.status === 'Completed') {
    const collected = order.collected && {
      cash: poundsToPence(order.collected.cash) ?? 0,
      card: poundsToPence(order.collected.card) ?? 0,
      change: poundsToPence(order.collected.change) ?? 0,
    };
    return (
      <p className="mt-3 text-base">
        <Badge tone="success">Delivered</Badge> {collected ? `Collected ${collectedText(collected)}` : ''}
      </p>
    );
  }
  if (order.failedDelivery) {
    const reason = order.failedDelivery.reason as DeliveryFailureReason;
    return (
      <p className="mt-3 text-base">
        <Badge tone="danger">Not delivered</Badge> {DELIVERY_FAILURE_LABELS[reason] ?? reason}
      </p>
    );
  }
  if (order.status === 'Cancelled') return <p className="mt-3 text-base">Cancelled: do not deliver</p>;
  if (order.fulfilment === 'picked')
    return <p className="mt-3 text-base text-gray-700">Picked: start the run to take it out</p>;
  if (order.fulfilment !== 'out_for_delivery')
    return <p className="mt-3 text-base text-gray-700">Not out for delivery yet</p>;
  return null;
}
