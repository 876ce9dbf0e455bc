import { DELIVERY_SLOTS, MESSAGES, deliveryCountdown, formatDeliveryDate } from '@larder/shared-domain';
import { Button, cx } from '@larder/shared-ui';

/** A delivery slot with its places, as GET /api/delivery/slots gives it. */
export interface SlotPlaces {
  time: string;
  capacity: number;
  booked: number;
  available: number;
}

interface DeliveryChoiceProps {
  now: Date;
  /** The chosen date (YYYY-MM-DD) when it is still the selectable one, else null. */
  date: string | null;
  time: string | null;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  /** The places of each slot on the selectable date; undefined while they load or when they failed. */
  slots?: readonly SlotPlaces[];
  /** Set when the places could not be loaded: retries. The slots stay selectable (the server decides). */
  onRetrySlots?: () => void;
}

const option = cx(
  'flex min-h-11 flex-wrap cursor-pointer items-center gap-x-2 rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900',
  'hover:bg-gray-50 has-[:checked]:border-primary has-[:checked]:bg-primary-soft/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:border-gray-200 has-[:disabled]:bg-gray-100 has-[:disabled]:hover:bg-gray-100',
);

function placesText(places: SlotPlaces | undefined): string | undefined {
  if (!places) return undefined;
  if (places.available <= 0) return MESSAGES.slotFullLabel;
  return places.available === 1 ? '1 place left' : `${places.available} places left`;
}

/** The one selectable delivery date with its countdown, and the three delivery slots. */
export function DeliveryChoice({
  now,
  date,
  time,
  onDateChange,
  onTimeChange,
  slots,
  onRetrySlots,
}: DeliveryChoiceProps) {
  const countdown = deliveryCountdown(now);
  // Places are for the one selectable date; an answer for another date (around the cut-off) is not shown.
  const places = (slot: string) => slots?.find((entry) => entry.time === slot);
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="text-sm font-semibold tracking-wide text-gray-700 uppercase">Delivery Date</legend>
        <label className={cx(option, 'mt-2')}>
          <input
            type="radio"
            name="delivery-date"
            value={countdown.date}
            checked={date === countdown.date}
            onChange={() => onDateChange(countdown.date)}
            className="h-4 w-4 accent-primary"
          />
          {formatDeliveryDate(countdown.date)}
        </label>
        <p className="mt-2 text-xs text-gray-700" data-testid="delivery-countdown">
          {countdown.text}
        </p>
      </fieldset>
      <fieldset>
        <legend className="text-sm font-semibold tracking-wide text-gray-700 uppercase">
          Delivery Time Slot
        </legend>
        <div className="mt-2 grid grid-cols-1 gap-2 min-[400px]:grid-cols-3 lg:grid-cols-1">
          {DELIVERY_SLOTS.map((slot) => {
            const entry = places(slot);
            const full = entry !== undefined && entry.available <= 0;
            const text = placesText(entry);
            const placesId = `delivery-slot-places-${slot.slice(0, 2)}`;
            return (
              <div key={slot} className={cx(option, 'justify-between')} data-testid="delivery-slot">
                <label className="flex flex-1 cursor-pointer items-center gap-2 self-stretch has-[:disabled]:cursor-not-allowed">
                  <input
                    type="radio"
                    name="delivery-time"
                    value={slot}
                    checked={time === slot && !full}
                    disabled={full}
                    onChange={() => onTimeChange(slot)}
                    aria-describedby={text ? placesId : undefined}
                    className="h-4 w-4 accent-primary"
                  />
                  <span className="whitespace-nowrap">{slot}</span>
                </label>
                {text && (
                  <span
                    id={placesId}
                    className={cx(
                      'text-xs whitespace-nowrap',
                      full ? 'font-semibold text-danger' : 'text-gray-700',
                    )}
                  >
                    {text}
                  </span>
                )}
              </div>
            );
          })}
        </div>
        {onRetrySlots && (
          <p role="alert" className="mt-2 text-xs text-danger">
            {MESSAGES.slotsLoadFailed}{' '}
            <Button variant="ghost" size="sm" onClick={onRetrySlots}>
              Try again
            </Button>
          </p>
        )}
      </fieldset>
    </div>
  );
}
