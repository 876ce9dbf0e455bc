import { Injectable } from '@nestjs/common';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import type { DbTransaction } from '../db/database.module';
import { ConflictError, PG_UNIQUE_VIOLATION, pgErrorCode } from '../common/errors';
import { Clock } from '../common/clock';
import { checkIdempotencyKey } from '../orders/order-request';
import type { PlaceOrderDto } from './dto/place-order.dto';
import type { PlaceOrderResponse } from './dto/checkout.response';
import { CheckoutRepository } from './checkout.repository';
import { AlreadyPlaced, type CheckoutInput, CheckoutSteps, orderRow } from './checkout-steps';

/**
 * Placing a cash-on-delivery order: every way in (the Nest route, its fast path, a regular delivery) runs the same
 * checkout steps (CheckoutSteps) in one transaction: the order stored, the cart emptied, the slot booked and the
 * stock taken. Card payments are CardPaymentsService's; a customer's change of an order is OrderChangeService's.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly repository: CheckoutRepository,
    private readonly steps: CheckoutSteps,
    private readonly clock: Clock,
  ) {}

  /** Places a cash-on-delivery order and answers as `POST /api/order/cod` does (the route and its fast path). */
  async placeCod(userId: string, input: PlaceOrderDto, idempotencyKey?: string): Promise<PlaceOrderResponse> {
    const orderId = await this.placeCodOrder(userId, input, idempotencyKey);
    return { success: true, message: MESSAGES.orderPlaced, orderId };
  }

  /**
   * Places a cash-on-delivery order and empties the cart, in one transaction. With an idempotency key that the
   * customer already used, answers the first order's id and places nothing.
   */
  async placeCodOrder(userId: string, input: PlaceOrderDto, idempotencyKey?: string): Promise<string> {
    const key = checkIdempotencyKey(idempotencyKey);
    const now = this.clock.now();
    try {
      // The customer's row first: their open orders are then counted one checkout at a time.
      return await this.steps.holdingCustomer(userId, async (tx) => {
        const prepared = await this.steps.prepare(userId, input, now, tx, { placing: true });
        // A key used before makes the insert do nothing (after waiting for a concurrent first use to commit).
        // The same statement empties the cart.
        const id = await this.steps.writeOrder(orderRow(userId, prepared, 'COD', now, key), prepared, tx, {
          emptyCart: true,
        });
        if (!id) throw new AlreadyPlaced();
        // Last, so the rows every order shares (slot, stock, catalogue version) stay locked the shortest time.
        await this.steps.takeStockAndBookSlot(prepared, id, tx);
        return id;
      });
    } catch (err) {
      if (err instanceof AlreadyPlaced) return this.existingOrderId(userId, key);
      // A replayed key answers the first order even when checking the replay failed (a later delivery date,
      // changed prices, emptied stock): only then is the key looked up.
      const existing = key ? await this.repository.findByIdempotencyKey(userId, key) : undefined;
      if (existing) return existing.id;
      throw err;
    }
  }

  /**
   * Places the order of a regular delivery (standing order `standingOrderId`) as placeCodOrder does, with every
   * rule of a checkout, leaving the cart alone: a cash-on-delivery order for the shop's delivery date, marked as
   * the plan's, with `notes` in its confirmation e-mail. Placed once per plan and date whatever runs it (a key of
   * the plan and date, and a unique index): answers undefined when that order exists already. `stored` runs in
   * the order's transaction once it is stored (the plan moves on with it).
   */
  async placeStandingOrder(
    userId: string,
    input: CheckoutInput & { address: string },
    standingOrderId: string,
    notes: readonly string[] = [],
    stored?: (tx: DbTransaction) => Promise<void>,
  ): Promise<string | undefined> {
    const key = `standing-order:${standingOrderId}:${input.deliverySlot.date}`;
    const now = this.clock.now();
    try {
      return await this.steps.holdingCustomer(userId, async (tx) => {
        const prepared = await this.steps.prepare(userId, input, now, tx, { placing: true });
        const id = await this.steps.writeOrder(
          { ...orderRow(userId, prepared, 'COD', now, key), standingOrderId },
          prepared,
          tx,
          { notes },
        );
        if (!id) throw new AlreadyPlaced();
        await this.steps.takeStockAndBookSlot(prepared, id, tx);
        await stored?.(tx);
        return id;
      });
    } catch (err) {
      if (err instanceof AlreadyPlaced || pgErrorCode(err) === PG_UNIQUE_VIOLATION) return undefined;
      throw err;
    }
  }

  /** The order a concurrent request with the same idempotency key stored first. */
  private async existingOrderId(userId: string, key: string | undefined): Promise<string> {
    const existing = key ? await this.repository.findByIdempotencyKey(userId, key) : undefined;
    if (!existing) throw new ConflictError(MESSAGES.orderInProgress, { code: ERROR_CODES.ORDER_IN_PROGRESS });
    return existing.id;
  }
}
