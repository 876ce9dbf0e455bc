import { useState } from 'react';
import {
  MESSAGES,
  formatPence,
  includesVatText,
  PROMOTION_TEXTS,
  selectableDeliveryDate,
  type OrderTotals,
} from '@larder/shared-domain';
import { useListDeliverySlotsQuery, type SessionUser } from '@larder/shared-state';
import { Button, Select, Skeleton } from '@larder/shared-ui';
import { useRequireSignIn } from '../../components/RequireSignIn';
import { AddressPanel } from './AddressPanel';
import { needsAgeCheck, type CartLine } from './checkout';
import { DeliveryChoice } from './DeliveryChoice';
import { useNow } from '../../components/useNow';
import { usePlaceOrder } from './usePlaceOrder';
import { useKeptDelivery } from './useKeptDelivery';
import { useSelectedAddress } from './useSelectedAddress';
import { AgeConfirmation } from '../../components/AgeConfirmation';

interface OrderSummaryProps {
  user: SessionUser | null;
  lines: readonly CartLine[];
  /** Undefined while the shipping settings load; `savings` is what the promotions took off (pence). */
  /** `vatIncluded`: all the VAT the total includes, the delivery charge's share too. */
  totals: (OrderTotals & { savings?: number; vatIncluded?: number; goodsBeforeSavings?: number }) | undefined;
  /** The shop's free-delivery threshold, pence (its shipping settings); undefined while they load. */
  freeDeliveryThreshold?: number;
  /** Set when the shipping settings could not be loaded: retries. */
  onRetryTotals?: () => void;
}

/** The checkout panel: address, delivery date and slot, payment, the totals and Place Order. */
export function OrderSummary({
  user,
  lines,
  totals,
  freeDeliveryThreshold,
  onRetryTotals,
}: OrderSummaryProps) {
  const now = useNow(60_000);
  const requireSignIn = useRequireSignIn();
  const { address, select } = useSelectedAddress(user);
  const { date: chosenDate, time: chosenTime, setDate: setChosenDate, setTime } = useKeptDelivery();
  const { placeOrder, isPlacing } = usePlaceOrder();
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  // Set once Place Order was pressed without the tick: the box then says what is missing.
  const [ageMissing, setAgeMissing] = useState(false);
  const adultsOnly = needsAgeCheck(lines);
  const selectable = selectableDeliveryDate(now);
  // The places left; refetched when the date rolls over and whenever an order is placed or cancelled.
  const slots = useListDeliverySlotsQuery(undefined, { refetchOnFocus: true });
  const places = slots.data?.date === selectable ? slots.data.slots : undefined;
  // A date chosen before the cut-off is no longer on offer after it.
  const date = chosenDate === selectable ? chosenDate : null;
  // A slot that has filled up meanwhile is no longer chosen.
  const time = places?.some((slot) => slot.time === chosenTime && slot.available <= 0) ? null : chosenTime;

  function onPlaceOrder() {
    requireSignIn(() => {
      if (!user || !totals) return;
      setAgeMissing(adultsOnly && !ageConfirmed);
      void placeOrder({ userId: user._id, lines, totals, address, date, time, ageConfirmed });
    });
  }

  return (
    <aside
      aria-labelledby="order-summary-heading"
      className="w-full rounded-lg border border-gray-200 bg-gray-50 p-4 md:p-6 lg:sticky lg:top-4 lg:max-w-sm"
    >
      <h2 id="order-summary-heading" className="text-xl font-semibold text-gray-900">
        Order Summary
      </h2>
      <hr className="my-4 border-gray-300" />

      <div className="flex flex-col gap-5">
        <AddressPanel
          addresses={user?.addresses ?? []}
          selected={address}
          onSelect={select}
          requireSignIn={requireSignIn}
        />
        <DeliveryChoice
          now={now}
          date={date}
          time={time}
          onDateChange={setChosenDate}
          onTimeChange={setTime}
          slots={places}
          onRetrySlots={slots.isError ? () => void slots.refetch() : undefined}
        />
        <Select
          label="Payment Method"
          options={[{ value: 'COD', label: 'Cash On Delivery' }]}
          defaultValue="COD"
        />
      </div>

      <hr className="my-4 border-gray-300" />

      {totals ? (
        <>
          {/* The lines are priced with VAT, so the VAT is part of the price, not added to it. */}
          <dl className="flex flex-col gap-2 text-sm text-gray-700" data-testid="order-totals">
            <SummaryRow
              label="Price"
              value={formatPence(totals.goods + totals.vat + (totals.savings ?? 0))}
            />
            {(totals.savings ?? 0) > 0 && (
              <SummaryRow label={PROMOTION_TEXTS.totalSavings} value={`-${formatPence(totals.savings!)}`} />
            )}
            <SummaryRow
              label="Shipping Fee"
              value={totals.shipping === 0 ? 'Free' : formatPence(totals.shipping)}
            />
            <FreeDeliveryProgress totals={totals} threshold={freeDeliveryThreshold} />
            <div className="mt-2 flex justify-between border-t border-gray-300 pt-3 text-base font-semibold text-gray-900">
              <dt>Total Amount:</dt>
              <dd>{formatPence(totals.amount)}</dd>
            </div>
          </dl>
          <p className="mt-1 text-right text-xs text-gray-600">
            {includesVatText(totals.vatIncluded ?? totals.vat)}
          </p>
        </>
      ) : onRetryTotals ? (
        <div role="alert" className="text-sm text-danger">
          {MESSAGES.deliveryChargesLoadFailed}{' '}
          <Button variant="ghost" size="sm" onClick={onRetryTotals}>
            Try again
          </Button>
        </div>
      ) : (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">Loading totals</span>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="mt-2 h-6 w-full" />
        </div>
      )}

      {adultsOnly && (
        <div className="mt-4">
          <AgeConfirmation
            checked={ageConfirmed}
            missing={ageMissing}
            onChange={(checked) => {
              setAgeConfirmed(checked);
              if (checked) setAgeMissing(false);
            }}
          />
        </div>
      )}

      <Button
        fullWidth
        size="lg"
        className="mt-6"
        onClick={onPlaceOrder}
        loading={isPlacing}
        disabled={!totals}
      >
        Place Order
      </Button>
    </aside>
  );
}

/**
 * How far the basket is from free delivery: "Spend £x.xx more for free delivery" below the shop's threshold,
 * "Free delivery" at or above it. The threshold is measured, as the shop prices every order, on the goods before
 * VAT at their own prices (priceBasket): for zero-rated goods, most food, that is the price shown; an item with
 * VAT counts at its price before VAT, and the amount left is worked out again as soon as it is added.
 */
function FreeDeliveryProgress({
  totals,
  threshold,
}: {
  totals: OrderTotals & { goodsBeforeSavings?: number };
  threshold: number | undefined;
}) {
  const left =
    totals.shipping === 0
      ? 0
      : threshold === undefined || totals.goodsBeforeSavings === undefined
        ? undefined
        : threshold - totals.goodsBeforeSavings;
  if (left === undefined) return null;
  // A group of the totals' list of its own (a term for screen readers, the words as its value).
  return (
    <div>
      <dt className="sr-only">Delivery offer</dt>
      <dd className={`text-sm font-medium ${left > 0 ? 'text-gray-800' : 'text-brand-800'}`}>
        {freeDeliveryText(left)}
      </dd>
    </div>
  );
}

/** The basket's free-delivery line for `left` pence still to spend (none left: free). */
export function freeDeliveryText(left: number): string {
  return left > 0 ? `Spend ${formatPence(left)} more for free delivery` : 'Free delivery';
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt>{label}</dt>
      <dd className="font-medium text-gray-900">{value}</dd>
    </div>
  );
}
