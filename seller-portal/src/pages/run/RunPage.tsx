import { useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  DELIVERY_FAILURE_LABELS,
  DELIVERY_FAILURE_REASONS,
  DELIVERY_SLOTS,
  type DeliveryFailureReason,
  formatDeliveryDate,
  formatPounds,
  handedOverTooMuch,
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
  toast,
  useGetRunQuery,
  useUpdateFulfilmentMutation,
  type SellerOrderView,
} from '@larder/shared-state';
import { Badge, Button, EmptyState, Skeleton, useDocumentTitle } from '@larder/shared-ui';
import { useSellerPath } from '../../layout/SellerBase';
import { queueOutcome, queuedOutcomes, removeOutcome, type QueuedOutcome } from '../../lib/outcome-queue';
import { keepRunOffline } from './offline-worker';

const BIG = 'min-h-12 px-4 text-base';

function mapsUrl(order: SellerOrderView): string | undefined {
  const address = order.customer.address;
  return address
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
    : undefined;
}

/**
 * Sends what the phone holds, oldest first. An outcome the server refuses (4xx) will never be accepted: it is
 * dropped and said; a lost connection or a server error keeps it, and the rest, for the next try.
 */
function useOutcomeQueue() {
  /** What waits on the phone; undefined until the phone's store has been read. */
  const [queued, setQueued] = useState<QueuedOutcome[] | undefined>(undefined);
  const [sendingNow, setSendingNow] = useState(false);
  /** Why the server refused an outcome, by order: said on its drop until the page is left. */
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [updateFulfilment] = useUpdateFulfilmentMutation();
  const sending = useRef(false);

  const refresh = useCallback(async () => setQueued(await queuedOutcomes()), []);

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    setSendingNow(true);
    try {
      for (const outcome of await queuedOutcomes()) {
        try {
          await updateFulfilment({
            id: outcome.orderId,
            'idempotency-key': outcome.key,
            updateFulfilmentDto: outcome.body as never,
          }).unwrap();
          await removeOutcome(outcome.key);
        } catch (error) {
          const status = (error as { status?: unknown }).status;
          if (typeof status === 'number' && status >= 400 && status < 500) {
            await removeOutcome(outcome.key);
            const message = errorMessage(error, MESSAGES.somethingWentWrong);
            setRefused((all) => ({ ...all, [outcome.orderId]: message }));
            toast.error(message);
          } else break;
        }
      }
    } finally {
      await refresh();
      sending.current = false;
      setSendingNow(false);
    }
  }, [refresh, updateFulfilment]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const add = useCallback(
    async (orderId: string, body: Record<string, unknown>) => {
      setRefused(({ [orderId]: _dropped, ...others }) => others);
      await queueOutcome({ orderId, body });
      await refresh();
      await flush();
    },
    [flush, refresh],
  );

  return { queued, refused, sending: sendingNow, add, flush };
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

/** /seller/run?date=&time=: a driver's drops in run-sheet order, with each door's outcome, on a phone. */
export default function RunPage() {
  const [params] = useSearchParams();
  const today = londonIsoString(new Date()).slice(0, 10);
  const date = params.get('date') ?? today;
  const time = params.get('time') ?? '';
  const valid = parseIsoDate(date) !== undefined && isDeliverySlot(time);
  useDocumentTitle(valid ? `Run ${date} ${time}` : 'Run');
  const sellerPath = useSellerPath();
  const { data, isLoading, error, refetch } = useGetRunQuery({ date, time }, { skip: !valid });
  const { queued, refused, sending, add, flush } = useOutcomeQueue();
  const waiting = queued?.length ?? 0;
  const online = useOnline();
  const worksOffline = useWorksOffline();

  return (
    <article className="mx-auto flex max-w-xl flex-col gap-4 text-gray-900">
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">Run</h1>
        <p className="text-base text-gray-800">{formatDeliveryDate(date)}</p>
        <nav aria-label="Delivery slots" className="flex flex-wrap gap-2">
          {DELIVERY_SLOTS.map((slot) => (
            <Link
              key={slot}
              to={`${sellerPath('run')}?${new URLSearchParams({ date, time: slot }).toString()}`}
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

      {!valid ? (
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
  if (order.fulfilment !== 'out_for_delivery')
    return <p className="mt-3 text-base text-gray-700">Not out for delivery yet</p>;
  return null;
}

interface FormProps {
  order: SellerOrderView;
  onCancel: () => void;
  onOutcome: (body: Record<string, unknown>) => Promise<void>;
}

function DeliveredForm({ order, onCancel, onOutcome }: FormProps) {
  const [cash, setCash] = useState(order.paymentType === 'COD' ? order.due.toFixed(2) : '0.00');
  const [card, setCard] = useState('0.00');
  const [refused, setRefused] = useState<string[]>([]);
  const [idCheck, setIdCheck] = useState<'passed' | 'failed' | ''>('');
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amounts = [cash, card].map((value) => Number(value));
    if (amounts.some((value) => !Number.isFinite(value) || value < 0 || poundsToPence(value) === undefined))
      return setProblem(MESSAGES.collectedInvalid);
    // A slip of the finger (£5,000 for £5.99) is caught here, before it waits on the phone to be refused later.
    const handed = { cash: poundsToPence(amounts[0]) ?? 0, card: poundsToPence(amounts[1]) ?? 0 };
    if (handedOverTooMuch(poundsToPence(order.due) ?? 0, handed))
      return setProblem(MESSAGES.handedOverTooMuch);
    if (order.ageCheckRequired && !idCheck) return setProblem('Say whether the ID check passed');
    setSaving(true);
    await onOutcome({
      stage: 'delivered',
      collected: { cash: amounts[0], card: amounts[1] },
      lines: refused.map((product) => ({ product, refused: true })),
      ...(order.ageCheckRequired && idCheck && { idCheck }),
    });
    setSaving(false);
  }

  return (
    <form className="mt-3 flex flex-col gap-3 text-base" onSubmit={(e) => void submit(e)} noValidate>
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1 font-medium" htmlFor={`${id}-cash`}>
          Cash (£)
          <input
            id={`${id}-cash`}
            inputMode="decimal"
            className="min-h-12 rounded border-2 border-gray-400 px-3 text-lg"
            value={cash}
            onChange={(e) => setCash(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 font-medium" htmlFor={`${id}-card`}>
          Card (£)
          <input
            id={`${id}-card`}
            inputMode="decimal"
            className="min-h-12 rounded border-2 border-gray-400 px-3 text-lg"
            value={card}
            onChange={(e) => setCard(e.target.value)}
          />
        </label>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Refused at the door</legend>
        {order.items
          .filter((item) => !item.refused)
          .map((item) => (
            <label key={item.product} className="flex min-h-12 items-center gap-3">
              <input
                type="checkbox"
                className="h-6 w-6"
                checked={refused.includes(item.product)}
                onChange={(e) =>
                  setRefused((list) =>
                    e.target.checked ? [...list, item.product] : list.filter((p) => p !== item.product),
                  )
                }
              />
              {item.name}
            </label>
          ))}
      </fieldset>
      {order.ageCheckRequired && (
        <fieldset className="flex flex-col gap-2">
          <legend className="font-medium">ID check (Challenge 25)</legend>
          {(['passed', 'failed'] as const).map((value) => (
            <label key={value} className="flex min-h-12 items-center gap-3">
              <input
                type="radio"
                name={`${id}-id`}
                className="h-6 w-6"
                checked={idCheck === value}
                onChange={() => setIdCheck(value)}
              />
              {value === 'passed' ? 'Passed: 18 or over' : 'Failed: 18+ items stay in the van'}
            </label>
          ))}
        </fieldset>
      )}
      {problem && (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button type="submit" className={BIG} loading={saving}>
          Record delivered
        </Button>
        <Button type="button" variant="ghost" className={BIG} onClick={onCancel}>
          Back
        </Button>
      </div>
    </form>
  );
}

function FailedForm({ onCancel, onOutcome }: FormProps) {
  const [reason, setReason] = useState<DeliveryFailureReason | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setProblem(MESSAGES.deliveryReasonRequired);
    if (reason === 'other' && !note.trim()) return setProblem(MESSAGES.deliveryNoteRequired);
    setSaving(true);
    await onOutcome({ stage: 'failed_delivery', reason, ...(note.trim() && { note: note.trim() }) });
    setSaving(false);
  }

  return (
    <form className="mt-3 flex flex-col gap-3 text-base" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="font-medium">Why not?</legend>
        {DELIVERY_FAILURE_REASONS.map((value) => (
          <label key={value} className="flex min-h-12 items-center gap-3">
            <input
              type="radio"
              name={`${id}-reason`}
              className="h-6 w-6"
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            {DELIVERY_FAILURE_LABELS[value]}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 font-medium" htmlFor={`${id}-note`}>
        Note
        <textarea
          id={`${id}-note`}
          className="min-h-20 rounded border-2 border-gray-400 px-3 py-2"
          value={note}
          maxLength={300}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {problem && (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button type="submit" className={BIG} loading={saving}>
          Record not delivered
        </Button>
        <Button type="button" variant="ghost" className={BIG} onClick={onCancel}>
          Back
        </Button>
      </div>
    </form>
  );
}
