import { Inject, Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  fulfilmentStepRefusal,
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
      if (input.stage === 'picked') await this.lines.recordPicking(order, input.lines, tx);
      if (input.stage === 'delivered') {
        await this.lines.recordRefusals(order, input.lines ?? [], input.idCheck, tx);
        await this.delivery.releaseSlot(order.deliveryDate, order.deliveryTime, tx);
        await this.repository.recordOutcome(
          { order, outcome: 'delivered', staffId: actor?.id ?? null, staffName: actor?.name ?? null },
          tx,
        );
      }
      await this.repository.update(
        orderId,
        {
          fulfilment: input.stage,
          ...(input.stage === 'delivered' && {
            status: 'Completed',
            isPaid: true,
            deliveredAt: now,
            ...(input.collected && {
              collectedCash: poundsToPence(input.collected.cash)!,
              collectedCard: poundsToPence(input.collected.card)!,
            }),
            ...(input.idCheck && { idCheck: input.idCheck }),
          }),
          updatedAt: now,
        },
        tx,
      );
      if (input.stage === 'picked') await this.emails.orderPicked(orderId, tx);
      if (input.stage === 'delivered') {
        // Its lines and totals are final now (refusals re-priced).
        await this.orders.completed(orderId, tx);
      }
      return this.found(orderId, tx);
    });
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
    if (input.reason === 'other' && !note) throw new InvalidError(MESSAGES.deliveryNoteRequired);
    await this.repository.update(
      order.id,
      { fulfilment: 'failed_delivery', failedReason: input.reason, failedNote: note, updatedAt: now },
      tx,
    );
    await this.repository.recordOutcome(
      {
        order,
        outcome: 'failed_delivery',
        reason: input.reason,
        note,
        staffId: actor?.id ?? null,
        staffName: actor?.name ?? null,
      },
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
