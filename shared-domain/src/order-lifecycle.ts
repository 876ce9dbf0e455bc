/**
 * One order's life, described once: what may happen to an order in each state, asked by every path that changes
 * an order (the customer's cancel and change, the seller's status and fulfilment steps, card payments, account
 * deletion) and by the pages, which show the state in words and offer only what is allowed.
 *
 *   state (status / fulfilment)      customer                         seller
 *   Pending / placed                 cancel within the hour;          Completed, Cancelled; picking
 *                                    change until the cut-off (COD)   (a card order only once paid)
 *   Pending / picking, picked        nothing                          Completed, Cancelled; the next stage
 *   Pending / out_for_delivery       nothing                          Completed, Cancelled; delivered
 *                                                                      (collected, ID check, refused lines)
 *                                                                      or failed_delivery (with a reason)
 *   Pending / failed_delivery        nothing                          Cancelled; re-book to a slot of the
 *                                                                      delivery date (back to picked)
 *   Completed (delivered)            nothing                          nothing
 *   Cancelled                        nothing                          nothing
 *
 * An 18+ product enters an order (placing, changing, substituting) only with the customer's confirmation on that
 * order. A paid order whose total falls owes the difference back; a paid order cancelled owes all of it. Card
 * payments (Stripe's reports) mark an order paid whatever its state, and an expired session cancels it while it is
 * Pending and unpaid. A customer deleting their account cancels every Pending order at any stage (nobody can take
 * the delivery any more). The cut-off for changes is 15:00 London on the day before delivery
 * (orderChangeDeadline).
 */
import { formatChangeDeadline, formatDeliveryDate, orderChangeDeadline } from './delivery';
import { formatPence } from './pricing';
import { MESSAGES } from './messages';
import { dateFormat } from './date-format';
import { londonParts } from './london-time';
import {
  CANCEL_WINDOW_MS,
  DELIVERY_FAILURE_LABELS,
  type DeliveryFailureReason,
  FULFILMENT_STAGES,
  type FulfilmentStage,
  fulfilmentStageLabel,
  type OrderStatus,
} from './orders';

/** What the rules read of an order: the stored row and the API's view both carry these. */
export interface OrderLife {
  status: string;
  fulfilment: string;
  paymentType: string;
  isPaid: boolean;
  createdAt: Date | string;
  /** YYYY-MM-DD. */
  deliveryDate: string;
}

type Refusal<K extends keyof typeof MESSAGES> = K | undefined;

/** The stage an order at `stage` may move to next, or undefined once delivered. */
export function nextFulfilmentStage(stage: FulfilmentStage): FulfilmentStage | undefined {
  return FULFILMENT_STAGES[FULFILMENT_STAGES.indexOf(stage) + 1];
}

/** Milliseconds left in the customer's cancel window (0 when it has closed). */
export function cancelTimeLeftMs(createdAt: Date | string, now: Date): number {
  return Math.max(0, new Date(createdAt).getTime() + CANCEL_WINDOW_MS - now.getTime());
}

/**
 * Why the customer may not cancel the order at `now`, or undefined when they may: only a Pending order still at
 * `placed` (nobody has started picking it), within the hour after it was placed.
 */
export function customerCancelRefusal(
  order: Pick<OrderLife, 'status' | 'fulfilment' | 'createdAt'>,
  now: Date,
): Refusal<'onlyPendingCancellable' | 'orderBeingPicked' | 'cancelWindowClosed'> {
  if (order.status !== 'Pending') return 'onlyPendingCancellable';
  if (order.fulfilment !== 'placed') return 'orderBeingPicked';
  const age = now.getTime() - new Date(order.createdAt).getTime();
  if (age < 0 || age >= CANCEL_WINDOW_MS) return 'cancelWindowClosed';
  return undefined;
}

export function canCancelOrder(
  order: Pick<OrderLife, 'status' | 'fulfilment' | 'createdAt'>,
  now: Date,
): boolean {
  return customerCancelRefusal(order, now) === undefined;
}

/**
 * Whether the customer may still change the order at `now`: a cash-on-delivery order (a card order was paid for
 * its amount), Pending, not yet being picked, before 15:00 London on the day before delivery.
 */
export function canChangeOrder(
  order: Pick<OrderLife, 'status' | 'fulfilment' | 'paymentType' | 'deliveryDate'>,
  now: Date,
): boolean {
  return (
    order.paymentType === 'COD' &&
    order.status === 'Pending' &&
    order.fulfilment === 'placed' &&
    now.getTime() < orderChangeDeadline(order.deliveryDate).getTime()
  );
}

/**
 * Why the seller may not move an order to `to`, or undefined when they may (setting the status it already has
 * is allowed and changes nothing). A Pending order may become Completed or Cancelled at any stage; a Cancelled or
 * Completed order never changes again; a card order is completed only once it has been paid.
 */
export function statusChangeRefusal(
  order: Pick<OrderLife, 'status' | 'paymentType' | 'isPaid'>,
  to: OrderStatus,
): Refusal<'cancelledOrderLocked' | 'completedOrderLocked' | 'unpaidCardOrderNotCompletable'> {
  if (order.status === to) return undefined;
  if (order.status === 'Cancelled') return 'cancelledOrderLocked';
  if (order.status === 'Completed') return 'completedOrderLocked';
  if (to === 'Completed' && order.paymentType === 'Online' && !order.isPaid) {
    return 'unpaidCardOrderNotCompletable';
  }
  return undefined;
}

/**
 * What the seller's change of a Pending order to `to` does besides its status (once statusChangeRefusal allows
 * it): completing delivers it and marks it paid (cash is taken at the door; a card order was paid already);
 * cancelling a paid order owes its whole amount back.
 */
export function statusChangeEffects(
  order: { isPaid: boolean; amount?: number },
  to: OrderStatus,
): { isPaid?: true; fulfilment?: 'delivered'; refundDue?: number } {
  if (to === 'Completed') return { isPaid: true, fulfilment: 'delivered' };
  if (to === 'Cancelled' && order.isPaid) return { refundDue: order.amount ?? 0 };
  return {};
}

/**
 * Why the seller may not move the order to fulfilment stage `to`, or undefined when they may: one stage forward
 * at a time, never for a cancelled or completed order, and a card order goes no further than `placed` until it
 * is paid (nobody picks, sends or hands over goods that were not paid for).
 */
export function fulfilmentStepRefusal(
  order: Pick<OrderLife, 'status' | 'fulfilment' | 'paymentType' | 'isPaid'>,
  to: string,
): string | undefined {
  if (order.status === 'Cancelled') return MESSAGES.cancelledOrderNotFulfilled;
  if (order.status === 'Completed') return MESSAGES.completedOrderLocked;
  // The door's other outcome: an order out for delivery that could not be handed over waits, still Pending, to
  // be re-booked (stage placed with a slot) or cancelled.
  const allowed =
    order.fulfilment === 'failed_delivery'
      ? to === 'placed'
      : to === 'failed_delivery'
        ? order.fulfilment === 'out_for_delivery'
        : nextFulfilmentStage(order.fulfilment as FulfilmentStage) === to;
  if (!allowed) return fulfilmentStepMessage(order.fulfilment, to);
  if (order.paymentType === 'Online' && !order.isPaid) return MESSAGES.unpaidCardOrderNotFulfilled;
  return undefined;
}

/** Why an order at fulfilment stage `from` cannot move to `to`: stages go forward one at a time. */
export function fulfilmentStepMessage(from: string, to: string): string {
  if (from === 'failed_delivery')
    return `An order whose delivery failed cannot move to ${to}: re-book it (stage placed with a delivery slot) or cancel it`;
  if (to === 'failed_delivery')
    return `An order at stage ${from} cannot be recorded as not delivered: only an order out for delivery can`;
  return `An order at stage ${from} cannot move to ${to}: stages move forward one at a time`;
}

/**
 * Where a re-booked order goes once its failed delivery is re-booked: its goods came back packed, so it waits
 * as picked (next out for delivery), and the customer can no longer change or cancel it.
 */
export const REBOOKED_FULFILMENT = 'picked' as const;

/** An order line at the door: its product, and whether it (or what was sent instead) is sold to adults only. */
export interface DoorstepLine {
  productId: string;
  ageRestricted: boolean;
  substituteAgeRestricted: boolean;
  refused: boolean;
}

/**
 * The products whose lines leave the order at the door: those the customer refused, and, when the ID check
 * failed, every line with an 18+ product (ordered or substituted).
 */
export function linesLeavingAtDoor(
  lines: readonly DoorstepLine[],
  refused: readonly string[],
  idCheck: 'passed' | 'failed' | undefined,
): Set<string> {
  const leaving = new Set<string>();
  for (const line of lines) {
    if (line.refused) continue;
    if (refused.includes(line.productId)) leaving.add(line.productId);
    else if (idCheck === 'failed' && (line.ageRestricted || line.substituteAgeRestricted))
      leaving.add(line.productId);
  }
  return leaving;
}

/**
 * What the customer owes for the order, in pence: a cash-on-delivery order its total (collected at the door); a
 * card order nothing once paid.
 */
export function orderDue(order: { paymentType: string; isPaid: boolean; amount: number }): number {
  return order.paymentType === 'COD' || !order.isPaid ? order.amount : 0;
}

/**
 * What was handed over at the door in words: "£9.50 cash", "£5.00 cash and £4.50 by card", with the change given
 * back when there was any: "£50.00 cash, £44.01 change" (pence in).
 */
export function collectedText(collected: { cash: number; card: number; change?: number }): string {
  const parts: string[] = [];
  if (collected.cash > 0 || collected.card === 0) parts.push(`${formatPence(collected.cash)} cash`);
  if (collected.card > 0) parts.push(`${formatPence(collected.card)} by card`);
  const text = parts.join(' and ');
  return collected.change ? `${text}, ${formatPence(collected.change)} change` : text;
}

/** The note beside what was collected when what the shop kept is not what was due: "£2.00 less than due" (pence in). */
export function collectedDifferenceText(due: number, collected: number): string | undefined {
  if (collected === due) return undefined;
  return collected > due
    ? `${formatPence(collected - due)} more than due`
    : `${formatPence(due - collected)} less than due`;
}

/**
 * Whether 18+ products may go into an order: only with the customer's confirmation, given on this order before
 * (`confirmed`) or now (`confirming`).
 */
export function ageConfirmationMissing(
  lines: readonly { ageRestricted?: boolean }[],
  confirmed: boolean,
  confirming?: boolean,
): boolean {
  return lines.some((line) => line.ageRestricted === true) && !confirmed && confirming !== true;
}

/** An order line as the door sees it: what goes there, and whether it is sold to adults only. */
export interface AgeCheckedLine {
  ageRestricted: boolean;
  quantity: number;
  picked: number | null;
  refused: boolean;
  substitute: { ageRestricted: boolean } | null;
}

/**
 * Whether the driver must check the customer's age at the door: an 18+ product goes there, ordered (with units
 * left to hand over) or substituted, and not refused.
 */
export function ageCheckRequired(lines: readonly AgeCheckedLine[]): boolean {
  return lines.some(
    (line) =>
      !line.refused &&
      ((line.ageRestricted && (line.picked ?? line.quantity) > 0) || line.substitute?.ageRestricted === true),
  );
}

/**
 * What a paid order owes back after its total moved from `before` to `after` (pence): what it owed already plus
 * the fall. An unpaid order owes nothing (cash is collected for the new total at the door).
 */
export function refundDueAfterRepricing(
  order: { isPaid: boolean; refundDue: number },
  before: number,
  after: number,
): number {
  if (!order.isPaid) return order.refundDue;
  return order.refundDue + Math.max(0, before - after);
}

/** Cash the driver collects at the door, in pence: a cash-on-delivery order not paid yet; never a card order. */
export function cashToCollect(order: { paymentType: string; isPaid: boolean; amount: number }): number {
  return order.paymentType === 'COD' && !order.isPaid ? order.amount : 0;
}

const timeFormatter = /*#__PURE__*/ dateFormat({
  timeZone: 'Europe/London',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "14:32", London time. */
function londonTime(instant: Date): string {
  return timeFormatter().format(instant);
}

/** What the customer can still do with an order, and until when (null: not any more). */
export interface CustomerActions {
  cancelUntil: Date | null;
  changeUntil: Date | null;
}

export function customerActions(order: OrderLife, now: Date): CustomerActions {
  return {
    cancelUntil: canCancelOrder(order, now)
      ? new Date(new Date(order.createdAt).getTime() + CANCEL_WINDOW_MS)
      : null,
    changeUntil: canChangeOrder(order, now) ? orderChangeDeadline(order.deliveryDate) : null,
  };
}

/**
 * The order's state as the customer reads it: the stage in words, and one sentence saying what they can still do
 * and until when (or what happens next).
 */
export function orderStateText(
  order: OrderLife & {
    amount?: number;
    refundDue?: number;
    deliveryTime?: string;
    failedDelivery?: { reason: string } | null;
  },
  now: Date,
): { stage: string; sentence: string } {
  if (order.status === 'Cancelled') {
    const owed = order.refundDue ?? 0;
    return {
      stage: 'Cancelled',
      sentence:
        owed > 0
          ? `This order was cancelled. ${formatPence(owed)} will be refunded to you.`
          : 'This order was cancelled.',
    };
  }
  if (order.status === 'Completed') {
    const owed = order.refundDue ?? 0;
    return {
      stage: fulfilmentStageLabel('delivered'),
      sentence:
        owed > 0
          ? `This order was delivered. ${formatPence(owed)} will be refunded to you.`
          : 'This order was delivered.',
    };
  }
  const stage = fulfilmentStageLabel(order.fulfilment);
  if (order.fulfilment === 'failed_delivery') {
    const reason = order.failedDelivery?.reason;
    const why =
      reason && reason in DELIVERY_FAILURE_LABELS
        ? ` (${DELIVERY_FAILURE_LABELS[reason as DeliveryFailureReason].toLowerCase()})`
        : '';
    return {
      stage,
      sentence: `We could not deliver your order${why}. We will contact you to arrange another delivery.`,
    };
  }
  const when = `${formatDeliveryDate(order.deliveryDate)}${order.deliveryTime ? `, ${order.deliveryTime}` : ''}`;
  if (order.paymentType === 'Online' && !order.isPaid) {
    return { stage: 'Awaiting payment', sentence: 'We are waiting for your card payment to go through.' };
  }
  const { cancelUntil, changeUntil } = customerActions(order, now);
  // Today's times as "14:32"; another day's with its weekday ("Tue 15:00").
  const today = londonParts(now);
  const sameDay = (d: Date) => {
    const p = londonParts(d);
    return p.year === today.year && p.month === today.month && p.day === today.day;
  };
  const until = (d: Date) => (sameDay(d) ? londonTime(d) : formatChangeDeadline(d));
  if (changeUntil && cancelUntil)
    return {
      stage,
      sentence: `You can change this order until ${until(changeUntil)} and cancel it until ${until(cancelUntil)}.`,
    };
  if (changeUntil)
    return {
      stage,
      sentence: `You can change this order until ${until(changeUntil)}; it can no longer be cancelled.`,
    };
  if (cancelUntil) return { stage, sentence: `You can cancel this order until ${until(cancelUntil)}.` };
  switch (order.fulfilment) {
    case 'placed':
      return { stage, sentence: `It can no longer be changed or cancelled. Delivery: ${when}.` };
    case 'picking':
      return { stage, sentence: `We are picking your order: it can no longer be changed or cancelled.` };
    case 'picked':
      return { stage, sentence: `Your order is packed and will be delivered ${when}.` };
    default:
      return { stage, sentence: 'Your order is on its way.' };
  }
}

/** The rules' view of an order as the API answers it (its delivery date inside `deliverySlot`). */
export function orderLifeOfView<
  T extends Omit<OrderLife, 'deliveryDate'> & { deliverySlot: { date: string; time: string } },
>(view: T): T & { deliveryDate: string; deliveryTime: string } {
  return { ...view, deliveryDate: view.deliverySlot.date, deliveryTime: view.deliverySlot.time };
}
