import { Inject, Injectable } from '@nestjs/common';
import {
  doorMoney,
  type DoorMoney,
  ERROR_CODES,
  fulfilmentStepRefusal,
  handedOverTooMuch,
  hasVisibleText,
  orderDue,
  mayMoveToStage,
  MESSAGES,
  poundsToPence,
  REBOOKED_FULFILMENT,
  selectableDeliveryDate,
} from '@larder/shared-domain';
import { DB, Database, DbExecutor } from '../db/database.module';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../common/errors';
import { Clock } from '../common/clock';
import { DeliveryService } from '../delivery/delivery.service';
import { checkIdempotencyKey } from '../orders/order-request';
import { type OrderActor, recordFulfilment } from '../orders/order-activity';
import { OrderBookings } from '../orders/order-bookings';
import { OrderEmails } from '../orders/order-emails';
import { OrderHooks } from '../orders/order-hooks';
import { OrderRow, OrdersRepository, OrderWithItems } from '../orders/orders.repository';
import { OrdersService } from '../orders/orders.service';
import type { UpdateFulfilmentDto } from './dto/update-fulfilment.dto';
import { FulfilledLines } from './fulfilled-lines';

/**
 * The floor: an order's fulfilment steps, from picking to the door. The pick itself and the lines refused at the
 * door are re-priced by FulfilledLines; completing a delivered order is the order's own (OrdersService.completed).
 */
@Injectable()
export class FulfilmentService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly orders: OrdersService,
    private readonly bookings: OrderBookings,
    private readonly lines: FulfilledLines,
    private readonly delivery: DeliveryService,
    private readonly clock: Clock,
    private readonly emails: OrderEmails,
    private readonly hooks: OrderHooks,
  ) {}

  /**
   * The seller moves an order one stage forward: placed → picking → picked → out_for_delivery → delivered (409
   * otherwise, for a cancelled or completed order, and for a card order not paid yet: fulfilmentStepRefusal).
   * Entering picking ends the customer's changes and cancels. Picked records what was found and substituted and
   * re-prices the order from it. At the door the driver records one outcome: delivered (what was collected, the
   * ID check, the lines refused: those and, when the ID check failed, every 18+ line leave the order; it becomes
   * Completed and paid and frees its slot place), or failed_delivery with a reason (the order stays Pending in its
   * slot, the customer is told); an order whose delivery failed is re-booked (stage placed with a slot of the
   * delivery date now on offer, counted in its capacity; its goods stay packed, so it waits as picked) or
   * cancelled. One transaction, locking the order's row first, then the products, then the slot rows, as every
   * change of an order does. With an Idempotency-Key used for this order before, nothing changes and the order
   * is answered as it is (a driver's phone sending an outcome again after a lost answer).
   */
  async changeFulfilment(
    orderId: string,
    input: UpdateFulfilmentDto,
    idempotencyKey?: string,
    actor?: OrderActor,
  ): Promise<OrderWithItems> {
    const key = checkIdempotencyKey(idempotencyKey);
    if (actor && !mayMoveToStage(actor.role, input.stage)) throw new ForbiddenError(MESSAGES.noPermission);
    checkFieldsOfStage(input);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await this.repository.lock(orderId, tx);
      if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
      if (key && !(await this.repository.claimChangeKey(orderId, key, tx))) return this.found(orderId, tx);
      const refusal = fulfilmentStepRefusal(order, input.stage);
      if (refusal) throw new ConflictError(refusal, { code: ERROR_CODES.FULFILMENT_STEP_NOT_ALLOWED });
      // Written first, in the change's transaction: should a later step refuse, the entry goes with it.
      if (actor) await recordFulfilment(tx, actor, order, input.stage);

      if (input.stage === 'failed_delivery') {
        await this.recordFailedDelivery(order, input, now, actor, tx);
        return this.found(orderId, tx);
      }
      if (input.stage === 'placed') {
        await this.rebook(order, input, now, tx);
        return this.found(orderId, tx);
      }
      if (input.stage === 'delivered') {
        await this.recordDelivered(order, input, now, actor, tx);
        return this.found(orderId, tx);
      }
      if (input.stage === 'picked') await this.lines.recordPicking(order, input.lines, tx);
      await this.repository.update(orderId, { fulfilment: input.stage, updatedAt: now }, tx);
      if (input.stage === 'picked') await this.emails.orderPicked(orderId, tx);
      return this.found(orderId, tx);
    });
  }

  /**
   * Delivered: the lines refused at the door leave the order (re-priced), then what was handed over is checked
   * against what is now due (more than £50 over it is a slip: 400) and kept with the change worked out; the order
   * becomes Completed and paid, frees its slot place, and its outcome is kept for the run's cash-up.
   */
  private async recordDelivered(
    order: OrderRow,
    input: UpdateFulfilmentDto,
    now: Date,
    actor: OrderActor | undefined,
    tx: DbExecutor,
  ): Promise<void> {
    await this.lines.recordRefusals(order, input.lines ?? [], input.idCheck, tx);
    let money: DoorMoney | undefined;
    if (input.collected) {
      const repriced = (await this.repository.lock(order.id, tx))!;
      const due = orderDue(repriced);
      const handed = {
        cash: poundsToPence(input.collected.cash)!,
        card: poundsToPence(input.collected.card)!,
      };
      if (handedOverTooMuch(due, handed)) throw new InvalidError(MESSAGES.handedOverTooMuch);
      money = doorMoney(due, handed);
    }
    await this.delivery.releaseSlot(order.deliveryDate, order.deliveryTime, tx);
    await this.recordOutcome(order, { outcome: 'delivered' }, now, actor, tx);
    await this.repository.update(
      order.id,
      {
        fulfilment: 'delivered',
        status: 'Completed',
        isPaid: true,
        deliveredAt: now,
        ...(money && { collectedCash: money.cash, collectedCard: money.card, cashChange: money.change }),
        ...(input.idCheck && { idCheck: input.idCheck }),
        updatedAt: now,
      },
      tx,
    );
    // Its lines and totals are final now (refusals re-priced).
    await this.orders.completed(order.id, tx);
  }

  /** Keeps an outcome at the door by the member who recorded it, and tells the rooms that act on it. */
  private async recordOutcome(
    order: OrderRow,
    outcome: { outcome: 'delivered' | 'failed_delivery'; reason?: string; note?: string | null },
    now: Date,
    actor: OrderActor | undefined,
    tx: DbExecutor,
  ): Promise<void> {
    await this.repository.recordOutcome(
      { order, ...outcome, staffId: actor?.id ?? null, staffName: actor?.name ?? null, at: now },
      tx,
    );
    await this.hooks.outcomeRecorded(
      { orderId: order.id, deliveryDate: order.deliveryDate, deliveryTime: order.deliveryTime },
      actor,
      tx,
    );
  }

  private async found(orderId: string, tx: DbExecutor): Promise<OrderWithItems> {
    const changed = await this.repository.findWithItems(orderId, tx);
    if (!changed) throw new NotFoundError(MESSAGES.orderNotFound);
    return changed;
  }

  /**
   * Not delivered: the order stays Pending, in its slot and with its units, at failed_delivery with the reason;
   * the outcome is kept for the run's cash-up and the customer hears of it.
   */
  private async recordFailedDelivery(
    order: OrderRow,
    input: UpdateFulfilmentDto,
    now: Date,
    actor: OrderActor | undefined,
    tx: DbExecutor,
  ): Promise<void> {
    if (!input.reason) throw new InvalidError(MESSAGES.deliveryReasonRequired);
    const note = input.note?.trim() || null;
    if (input.reason === 'other' && !hasVisibleText(note))
      throw new InvalidError(MESSAGES.deliveryNoteRequired);
    await this.repository.update(
      order.id,
      { fulfilment: 'failed_delivery', failedReason: input.reason, failedNote: note, updatedAt: now },
      tx,
    );
    await this.recordOutcome(
      order,
      { outcome: 'failed_delivery', reason: input.reason, note },
      now,
      actor,
      tx,
    );
    await this.emails.notDelivered(order.id, tx);
  }

  /**
   * Re-booking a failed delivery: to a slot of the delivery date customers can book now (409 for another date or
   * a full slot), its place in the old slot freed; the goods stay packed, so the order waits as picked.
   */
  private async rebook(
    order: OrderRow,
    input: UpdateFulfilmentDto,
    now: Date,
    tx: DbExecutor,
  ): Promise<void> {
    const slot = input.deliverySlot;
    if (!slot) throw new InvalidError(MESSAGES.rebookSlotRequired);
    if (slot.date !== selectableDeliveryDate(now)) throw new ConflictError(MESSAGES.rebookDateInvalid);
    await this.bookings.moveSlot(
      { deliveryDate: order.deliveryDate, deliveryTime: order.deliveryTime },
      { deliveryDate: slot.date, deliveryTime: slot.time },
      tx,
    );
    await this.repository.update(
      order.id,
      {
        fulfilment: REBOOKED_FULFILMENT,
        deliveryDate: slot.date,
        deliveryTime: slot.time,
        failedReason: null,
        failedNote: null,
        updatedAt: now,
      },
      tx,
    );
  }
}

/** The fields of a fulfilment step that belong to one stage only: sent with another stage, they are bad input. */
const STAGE_FIELDS = {
  collected: 'delivered',
  idCheck: 'delivered',
  reason: 'failed_delivery',
  note: 'failed_delivery',
  deliverySlot: 'placed',
} as const;

function checkFieldsOfStage(input: UpdateFulfilmentDto): void {
  for (const [field, stage] of Object.entries(STAGE_FIELDS)) {
    if (input[field as keyof typeof STAGE_FIELDS] !== undefined && input.stage !== stage)
      throw new InvalidError(`${field} goes only with stage ${stage}`);
  }
}
