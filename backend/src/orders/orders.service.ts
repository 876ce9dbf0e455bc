import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import {
  ERROR_CODES,
  CANCEL_WINDOW_MS,
  customerCancelRefusal,
  MESSAGES,
  OrderStatus,
  statusChangeRefusal,
} from '@larder/shared-domain';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database, DbExecutor } from '../db/database.module';
import { ConflictError, NotFoundError } from '../common/errors';
import { DeliveryService } from '../delivery/delivery.service';
import { UsersService } from '../users/users.service';
import { Clock } from '../common/clock';
import type { OrderView, SellerOrderView } from './dto/order.response';
import { type OrderActor, recordOrderStatus } from './order-activity';
import { toOrderView, toSellerOrderView } from './order-views';
import { OrderBookings } from './order-bookings';
import { OrderEmails } from './order-emails';
import { OrderHooks } from './order-hooks';
import { OrdersRepository } from './orders.repository';
import { invoicedSupplyOf, supplyOf } from './order-supply';

/**
 * A placed order's own life: the customer's and the seller's lists, the customer's cancel, the seller's status
 * changes, completing an order, and the orders of a customer deleting their account. Whatever ends an order gives
 * back its units and slot place exactly once (the change is one conditional UPDATE, so of two racing changes one
 * wins). Placing and changing an order are the checkout's (../checkout), its floor the fulfilment's
 * (../fulfilment), its money the money room's (../money).
 */
@Injectable()
export class OrdersService implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(OrdersService.name);

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly bookings: OrderBookings,
    private readonly delivery: DeliveryService,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly emails: OrderEmails,
    private readonly hooks: OrderHooks,
  ) {}

  /**
   * A customer deleting their account: in the deletion's transaction every Pending order of theirs is cancelled,
   * its units and slot place given back, and the personal data on all their orders erased. A paid Pending order is
   * cancelled too and marked refund due: with the name, address and phone erased nobody can take the delivery or
   * be reached about it, so the seller must not send it and owes the money back. After the commit the cancelled
   * orders go to the cancel hooks (an unpaid card order's payment is closed there).
   */
  onModuleInit(): void {
    this.users.onAccountDeletion(async (tx, userId) => {
      const cancelled = await this.repository.forgetCustomer(userId, this.clock.now(), tx);
      for (const order of cancelled) await this.bookings.giveBack(order, tx);
      if (!cancelled.length) return;
      return async () => {
        await Promise.all(cancelled.map((order) => this.hooks.cancelled(order)));
      };
    });
  }

  /**
   * Orders completed before their supply was stored with them get it now, worked out once from their lines as
   * stored, with the delivery charge at 0% VAT as their receipts gave it then (each replica may run this at start;
   * a supply is written only where none is).
   */
  async onApplicationBootstrap(): Promise<void> {
    let filled = 0;
    for (;;) {
      const batch = await this.repository.withoutSupply(200);
      if (!batch.length) break;
      await this.db.transaction(async (tx) => {
        for (const order of batch) await this.repository.storeSupply(order.id, invoicedSupplyOf(order), tx);
      });
      filled += batch.length;
      if (batch.length < 200) break;
    }
    if (filled) this.logger.log(`Stored the supply of ${filled} orders completed before it was kept`);
  }

  async listUserOrders(userId: string): Promise<OrderView[]> {
    return (await this.repository.listForUser(userId)).map(toOrderView);
  }

  async listSellerOrders(page: PageRequest): Promise<Page<SellerOrderView>> {
    const { rows, total } = await this.repository.listAll(page);
    return { rows: rows.map(toSellerOrderView), total };
  }

  /**
   * Cancels the customer's own order while it is Pending, not yet being picked and younger than the cancel window
   * (shared-domain's customerCancelRefusal), with one conditional UPDATE; only when that changes nothing is the
   * reason looked up for the message.
   */
  async cancelOrder(userId: string, orderId: string): Promise<void> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - CANCEL_WINDOW_MS);
    const cancelled = await this.db.transaction(async (tx) => {
      const order = await this.repository.cancelWithinWindow(orderId, userId, windowStart, now, tx);
      if (order) {
        await this.bookings.giveBack(order, tx);
        await this.emails.statusChanged(order.id, 'Cancelled', tx);
      }
      return order;
    });
    if (cancelled) {
      await this.hooks.cancelled(cancelled);
      return;
    }
    const order = await this.repository.findOwned(orderId, userId);
    if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
    const refusal = customerCancelRefusal(order, now);
    throw new ConflictError(refusal ? MESSAGES[refusal] : MESSAGES.cancelOrderFailed, {
      code: ERROR_CODES.CANCEL_NOT_ALLOWED,
    });
  }

  /**
   * The seller moves a Pending order to Completed (delivered: a COD order is then marked paid, a card order must
   * be paid already; its slot place is freed) or Cancelled (its units and slot place are given back); a Completed
   * or Cancelled order never changes again (409). The change is one conditional UPDATE, so of two racing changes
   * exactly one wins. Setting the status the order already has changes nothing. The customer hears of a change by
   * e-mail.
   */
  async updateOrderStatus(orderId: string, status: OrderStatus, actor?: OrderActor): Promise<void> {
    const now = this.clock.now();
    const changed =
      status === 'Pending'
        ? undefined
        : await this.db.transaction(async (tx) => {
            const order = await this.repository.changeStatus(orderId, status, now, tx);
            if (!order) return order;
            if (actor) await recordOrderStatus(tx, actor, order, 'Pending', status);
            if (status === 'Cancelled') {
              await this.bookings.giveBack(order, tx);
              await this.emails.statusChanged(order.id, status, tx);
            } else {
              // A delivered order no longer needs its place in the van.
              await this.delivery.releaseSlot(order.deliveryDate, order.deliveryTime, tx);
              await this.completed(order.id, tx);
            }
            return order;
          });
    if (changed) {
      if (status === 'Cancelled') await this.hooks.cancelled(changed);
      return;
    }
    const order = await this.repository.findStatus(orderId);
    if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
    const refusal = statusChangeRefusal(order, status);
    if (refusal) throw new ConflictError(MESSAGES[refusal], { code: ERROR_CODES.STATUS_CHANGE_NOT_ALLOWED });
    // The order already had this status: nothing to do.
  }

  /**
   * In the transaction that made an order Completed (the seller's status call, or the driver's delivered), once its
   * lines and totals are final: its supply is worked out and stored, then the other rooms' work (its takings), then
   * the customer's e-mail.
   */
  async completed(orderId: string, tx: DbExecutor): Promise<void> {
    const order = await this.repository.findWithItems(orderId, tx);
    if (!order) return;
    await this.repository.storeSupply(orderId, supplyOf(order), tx);
    await this.hooks.completed(orderId, tx);
    await this.emails.statusChanged(orderId, 'Completed', tx);
  }
}
