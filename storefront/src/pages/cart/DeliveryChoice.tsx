import { DELIVERY_SLOTS, deliveryCountdown, formatDeliveryDate } from '@larder/shared-domain';
import { cx } from '@larder/shared-ui';

interface DeliveryChoiceProps {
  now: Date;
  /** The chosen date (YYYY-MM-DD) when it is still the selectable one, else null. */
  date: string | null;
  time: string | null;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
}

const option = cx(
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-900',
  'hover:bg-gray-50 has-[:checked]:border-primary has-[:checked]:bg-primary-soft/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
);

/** The one selectable delivery date with its countdown, and the three delivery slots. */
export function DeliveryChoice({ now, date, time, onDateChange, onTimeChange }: DeliveryChoiceProps) {
  const countdown = deliveryCountdown(now);
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
          {DELIVERY_SLOTS.map((slot) => (
            <label key={slot} className={option}>
              <input
                type="radio"
                name="delivery-time"
                value={slot}
                checked={time === slot}
                onChange={() => onTimeChange(slot)}
                className="h-4 w-4 accent-primary"
              />
              <span className="whitespace-nowrap">{slot}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
