/**
 * The money at the door and what the shop keeps of it. The driver records what was handed over; the change is
 * worked out from what was due; the shop keeps the rest. The run's cash in the cash-up, the takings, a receipt's
 * paid line and the most a refund may give back are all what was kept (for a card order paid online, what was
 * captured). Money is pence.
 */

/** Handed over more than this above what is due is taken for a slip (a £50 note for £5.99 is fine, £5,000 is not). */
export const MAX_HANDED_OVER_ABOVE_DUE = 5000;

/** What was handed over, the change given back and what the shop kept. */
export interface DoorMoney {
  /** Handed over: cash and card. */
  cash: number;
  card: number;
  /** Given back from the cash handed over: what was handed over beyond what was due, never more than the cash. */
  change: number;
  /** Kept: the cash less the change, and the card. */
  keptCash: number;
  keptCard: number;
}

/** The money at the door of an order `due` pence, given what was handed over. */
export function doorMoney(due: number, handed: { cash: number; card: number }): DoorMoney {
  const over = Math.max(0, handed.cash + handed.card - Math.max(0, due));
  const change = Math.min(handed.cash, over);
  return { ...handed, change, keptCash: handed.cash - change, keptCard: handed.card };
}

/** Whether what was handed over is more than MAX_HANDED_OVER_ABOVE_DUE above what was due (400). */
export function handedOverTooMuch(due: number, handed: { cash: number; card: number }): boolean {
  return handed.cash + handed.card - Math.max(0, due) > MAX_HANDED_OVER_ABOVE_DUE;
}

/** An order as what it kept needs it (pence; the door's figures null until recorded). */
export interface KeptOrder {
  paymentType: string;
  status: string;
  isPaid: boolean;
  amount: number;
  collectedCash: number | null;
  collectedCard: number | null;
  cashChange: number | null;
  cardCaptured: number | null;
}

/**
 * What the shop kept of an order, pence: a card order what the payment captured (and anything taken at the door);
 * a delivered cash-on-delivery order what was handed over less the change (its total when nothing was recorded);
 * nothing before it is paid.
 */
export function keptOf(order: KeptOrder): number {
  const atDoor =
    order.collectedCash === null && order.collectedCard === null
      ? null
      : (order.collectedCash ?? 0) - (order.cashChange ?? 0) + (order.collectedCard ?? 0);
  if (order.paymentType !== 'COD') return order.isPaid ? (order.cardCaptured ?? 0) + (atDoor ?? 0) : 0;
  if (order.status !== 'Completed') return 0;
  return atDoor ?? order.amount;
}

/** The most that may still be refunded on an order: what was kept less what was refunded already (pence). */
export function refundable(order: KeptOrder, refunded: number): number {
  return Math.max(0, keptOf(order) - refunded);
}

/**
 * Whether a reason or note says something: it holds a letter or a digit (a zero-width space, punctuation or
 * white space alone is no reason).
 */
export function hasVisibleText(text: string | null | undefined): boolean {
  return typeof text === 'string' && /[\p{L}\p{N}]/u.test(text);
}
