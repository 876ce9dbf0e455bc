import { Inject, Injectable } from '@nestjs/common';
import { canChangeOrder, ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { DB, Database } from '../db/database.module';
import { ConflictError, NotFoundError } from '../common/errors';
import { isUuid } from '../common/uuid-param';
import { Clock } from '../common/clock';
import { CatalogService } from '../catalog/catalog.service';
import { OrderBookings } from '../orders/order-bookings';
import { OrderEmails } from '../orders/order-emails';
import { checkIdempotencyKey } from '../orders/order-request';
import { OrdersRepository, OrderWithItems } from '../orders/orders.repository';
import type { ChangeOrderDto } from './dto/place-order.dto';
import { CheckoutSteps, pricedFields } from './checkout-steps';

/** The customer's change of a placed order: the checkout steps again, with what the order holds already. */
@Injectable()
export class OrderChangeService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly orders: OrdersRepository,
    private readonly steps: CheckoutSteps,
    private readonly bookings: OrderBookings,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    private readonly emails: OrderEmails,
  ) {}

  /**
   * The customer changes their order: new lines (and slot or address when given), re-priced as of now, while it
   * is Pending, not yet being picked and before 15:00 London on the day before delivery (409 otherwise; 404 when
   * it is not theirs). Only the difference in stock moves, and a new slot is booked as the old one is freed, in
   * one transaction that locks as every change does: the order's row, the products in id order, the slots.
   * A change sent again with the same Idempotency-Key (a retry after a lost answer) changes nothing and sends no
   * second e-mail: it is answered with the order as it stands, even after the cut-off.
   */
  async changeOrder(
    userId: string,
    orderId: string,
    input: ChangeOrderDto,
    idempotencyKey?: string,
  ): Promise<OrderWithItems> {
    const key = checkIdempotencyKey(idempotencyKey);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await this.orders.lockOwned(orderId, userId, tx);
      if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
      if (key && !(await this.orders.claimChangeKey(orderId, key, tx))) {
        const current = await this.orders.findWithItems(orderId, tx);
        if (!current) throw new NotFoundError(MESSAGES.orderNotFound);
        return current;
      }
      // Card orders were paid (or are being paid) for their amount: they are not re-priced (canChangeOrder).
      if (!canChangeOrder(order, now))
        throw new ConflictError(MESSAGES.orderNotChangeable, { code: ERROR_CODES.ORDER_NOT_CHANGEABLE });

      const before = await this.orders.lines(orderId, tx);
      const held = new Map<string, number>();
      const previous = new Map<string, number>();
      for (const line of before) {
        if (line.stockTaken) held.set(line.productId, line.quantity);
        previous.set(line.productId, (previous.get(line.productId) ?? 0) + line.quantity);
      }
      const slot = input.deliverySlot ?? { date: order.deliveryDate, time: order.deliveryTime };
      const wanted = input.items.map((item) => String(item.product).toLowerCase()).filter(isUuid);
      await this.catalog.lockProducts([...before.map((line) => line.productId), ...wanted], tx);
      const prepared = await this.steps.prepare(userId, { ...input, deliverySlot: slot }, now, tx, {
        held,
        previous,
        ageConfirmed: order.ageConfirmed,
        deals: order.deals,
      });

      await this.bookings.moveUnits(held, prepared.lines, tx);
      await this.orders.replaceLines(orderId, prepared.lines, tx);
      const address = prepared.address;
      await this.orders.update(
        orderId,
        {
          ...pricedFields(prepared),
          ...(input.ageConfirmed === true && { ageConfirmed: true }),
          ...(address && {
            addressId: address.id,
            address: {
              street: address.street,
              city: address.city,
              state: address.state,
              postalCode: address.postalCode,
              country: address.country,
            },
          }),
          updatedAt: now,
        },
        tx,
      );
      await this.bookings.moveSlot(order, prepared, tx);
      await this.emails.orderChanged(orderId, tx);
      const changed = await this.orders.findWithItems(orderId, tx);
      if (!changed) throw new NotFoundError(MESSAGES.orderNotFound);
      return changed;
    });
  }
}
