import { Injectable } from '@nestjs/common';
import type { DbExecutor } from '../db/database.module';
import type { OrderActor } from './order-activity';
import type { ChangedOrder } from './orders.repository';

/** Work of another room in the transaction that completes an order (its lines and totals are final by then). */
export type CompletedListener = (orderId: string, tx: DbExecutor) => Promise<void>;
/** Work of another room after an order was cancelled and the cancel committed. */
export type CancelledListener = (order: ChangedOrder) => Promise<void>;
/** A run an outcome was recorded on: its date and slot. */
export interface RecordedOutcome {
  orderId: string;
  deliveryDate: string;
  deliveryTime: string;
}
/** Work of another room in the transaction that records an outcome at the door, by the member who recorded it. */
export type OutcomeListener = (
  outcome: RecordedOutcome,
  actor: OrderActor | undefined,
  tx: DbExecutor,
) => Promise<void>;

/**
 * The moments of an order's life that other rooms act on, so this room names none of them: the money room keeps
 * a completed order's takings in the completing transaction, and reopens a cashed-up run when an outcome is
 * recorded on it; the checkout room closes the card payment of an order cancelled unpaid. Listeners register
 * once, at module start.
 */
@Injectable()
export class OrderHooks {
  private readonly completedListeners: CompletedListener[] = [];
  private readonly cancelledListeners: CancelledListener[] = [];
  private readonly outcomeListeners: OutcomeListener[] = [];

  onCompleted(listener: CompletedListener): void {
    this.completedListeners.push(listener);
  }

  onCancelled(listener: CancelledListener): void {
    this.cancelledListeners.push(listener);
  }

  onOutcome(listener: OutcomeListener): void {
    this.outcomeListeners.push(listener);
  }

  /** In the transaction that made the order Completed, after its supply was stored. */
  async completed(orderId: string, tx: DbExecutor): Promise<void> {
    for (const listener of this.completedListeners) await listener(orderId, tx);
  }

  /** In the transaction that recorded an outcome at the door, after it was stored. */
  async outcomeRecorded(
    outcome: RecordedOutcome,
    actor: OrderActor | undefined,
    tx: DbExecutor,
  ): Promise<void> {
    for (const listener of this.outcomeListeners) await listener(outcome, actor, tx);
  }

  /** After the cancel committed. */
  async cancelled(order: ChangedOrder): Promise<void> {
    for (const listener of this.cancelledListeners) await listener(order);
  }
}
