/**
 * Shared storefront component: "Make this a regular delivery" from a past order or the basket. A button opens a
 * dialog asking the day, how often, the slot and the address; the plan is checked by the server as an order is.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  DELIVERY_SLOTS,
  MESSAGES,
  REGULARS_MESSAGES,
  STANDING_ORDER_INTERVALS,
  WEEKDAY_NAMES,
  formatAddress,
  formatDeliveryDate,
  isoWeekday,
  nextStandingDelivery,
  nextStandingDeliveryAfterOrder,
} from '@larder/shared-domain';
import {
  errorMessage,
  toast,
  useCreateStandingOrderMutation,
  useGetProfileQuery,
} from '@larder/shared-state';
import { Button, Modal, Select, buttonClasses } from '@larder/shared-ui';
import { AgeConfirmation } from './AgeConfirmation';

export interface RegularLine {
  product: string;
  name: string;
  quantity: number;
  allowSubstitutes?: boolean;
  ageRestricted?: boolean;
}

/** The day, frequency and slot of a plan, as three labelled choices. */
export function ScheduleFields({
  weekday,
  every,
  time,
  onChange,
}: {
  weekday: number;
  every: number;
  time: string;
  onChange: (next: { weekday?: number; every?: number; time?: string }) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Select
        label="Day"
        value={String(weekday)}
        onChange={(event) => onChange({ weekday: Number(event.target.value) })}
        options={WEEKDAY_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
      />
      <Select
        label="How often"
        value={String(every)}
        onChange={(event) => onChange({ every: Number(event.target.value) })}
        options={STANDING_ORDER_INTERVALS.map((n) => ({
          value: String(n),
          label: n === 1 ? 'Every week' : 'Every other week',
        }))}
      />
      <Select
        label="Time"
        value={time}
        onChange={(event) => onChange({ time: event.target.value })}
        options={DELIVERY_SLOTS.map((slot) => ({ value: slot, label: slot }))}
      />
    </div>
  );
}

interface MakeRegularDeliveryProps {
  lines: readonly RegularLine[];
  /** Where the lines come from, after the visible text in the button's accessible name ("order #AB12CD"). */
  source: string;
  /** The date and slot to start from (a past order's); the shop's next delivery date otherwise. */
  deliveryDate?: string;
  time?: string;
  /**
   * The customer's order the lines come from: sent as `fromOrder`, so that order counts as the plan's first
   * delivery and nothing more is placed for its date.
   */
  fromOrder?: string;
}

export function MakeRegularDelivery({
  lines,
  source,
  deliveryDate,
  time,
  fromOrder,
}: MakeRegularDeliveryProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        // The visible words first (WCAG 2.5.3), then which order or basket it is.
        aria-label={`Make this a regular delivery: ${source}`}
        disabled={lines.length === 0}
      >
        Make this a regular delivery
      </Button>
      {open && (
        <MakeRegularDialog
          lines={lines}
          deliveryDate={deliveryDate}
          time={time}
          fromOrder={fromOrder}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

function MakeRegularDialog({
  lines,
  deliveryDate,
  time: startTime,
  fromOrder,
  onClose,
}: Omit<MakeRegularDeliveryProps, 'source'> & { onClose: () => void }) {
  const profile = useGetProfileQuery();
  const user = profile.data?.user;
  const addresses = user?.addresses ?? [];
  const [weekday, setWeekday] = useState(() =>
    deliveryDate ? isoWeekday(deliveryDate) : isoWeekday(nextStandingDelivery(1, new Date())),
  );
  const [every, setEvery] = useState(1);
  const [time, setTime] = useState(
    startTime && (DELIVERY_SLOTS as readonly string[]).includes(startTime) ? startTime : DELIVERY_SLOTS[0],
  );
  const [address, setAddress] = useState<string>('');
  const chosenAddress = address || user?.defaultAddress || addresses[0]?._id || '';
  const adults = lines.some((line) => line.ageRestricted);
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [ageMissing, setAgeMissing] = useState(false);
  const [create, { isLoading }] = useCreateStandingOrderMutation();
  const [error, setError] = useState<string | null>(null);
  // Made from an order, that order is the first delivery: the plan's own first one comes after it.
  const afterOrder = fromOrder !== undefined && deliveryDate !== undefined;
  const first = afterOrder
    ? nextStandingDeliveryAfterOrder(weekday, every, new Date(), deliveryDate)
    : nextStandingDelivery(weekday, new Date());

  async function submit() {
    if (adults && !ageConfirmed) {
      setAgeMissing(true);
      return;
    }
    setError(null);
    try {
      const result = await create({
        createStandingOrderDto: {
          items: lines.map((line) => ({
            product: line.product,
            quantity: line.quantity,
            allowSubstitutes: line.allowSubstitutes ?? true,
          })),
          address: chosenAddress,
          time,
          weekday,
          every,
          ...(adults && { ageConfirmed: true }),
          ...(afterOrder && { fromOrder }),
        },
      }).unwrap();
      const next = result.standingOrder.nextDelivery;
      // Its first delivery was already the shop's delivery date: that order is placed now.
      const placedNow =
        next && next !== first ? ` Its order for ${formatDeliveryDate(first)} is in My Orders.` : '';
      toast.success(
        next
          ? `${REGULARS_MESSAGES.standingOrderCreated}. ${REGULARS_MESSAGES.nextDeliveryIn(next)}.${placedNow}`
          : REGULARS_MESSAGES.standingOrderCreated,
      );
      onClose();
    } catch (err) {
      setError(errorMessage(err, MESSAGES.somethingWentWrong));
    }
  }

  return (
    <Modal open onClose={onClose} title="Make this a regular delivery" size="md">
      <div className="space-y-4">
        <p className="text-sm text-gray-700">
          The same {lines.length === 1 ? 'item' : `${lines.length} items`} delivered on the day you choose,
          cash on delivery each time. Each order is placed two days before, at 15:00, and you can change or
          cancel it until the cut-off.
        </p>
        <ul className="max-h-40 overflow-y-auto rounded-md border border-gray-200 p-2 text-sm text-gray-800">
          {lines.map((line) => (
            <li key={line.product}>
              {line.quantity} x {line.name}
            </li>
          ))}
        </ul>
        <ScheduleFields
          weekday={weekday}
          every={every}
          time={time}
          onChange={(next) => {
            if (next.weekday !== undefined) setWeekday(next.weekday);
            if (next.every !== undefined) setEvery(next.every);
            if (next.time !== undefined) setTime(next.time);
          }}
        />
        {profile.isLoading ? (
          <p role="status" className="text-sm text-gray-700">
            {MESSAGES.loadingProfile}
          </p>
        ) : addresses.length === 0 ? (
          <p className="text-sm text-gray-700">
            Add a delivery address first.{' '}
            <Link to="/add-address" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              Add address
            </Link>
          </p>
        ) : (
          <Select
            label="Deliver to"
            value={chosenAddress}
            onChange={(event) => setAddress(event.target.value)}
            options={addresses.map((a) => ({ value: a._id, label: formatAddress(a) }))}
          />
        )}
        {adults && (
          <AgeConfirmation
            checked={ageConfirmed}
            onChange={(checked) => {
              setAgeConfirmed(checked);
              if (checked) setAgeMissing(false);
            }}
            missing={ageMissing}
          />
        )}
        {afterOrder ? (
          <p className="text-sm text-gray-700">
            This order is its first delivery ({formatDeliveryDate(deliveryDate)}). Next delivery:{' '}
            {formatDeliveryDate(first)}
          </p>
        ) : (
          <p className="text-sm text-gray-700">First delivery: {formatDeliveryDate(first)}</p>
        )}
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
          <Button onClick={() => void submit()} loading={isLoading} disabled={!chosenAddress}>
            Set up regular delivery
          </Button>
        </div>
      </div>
    </Modal>
  );
}
