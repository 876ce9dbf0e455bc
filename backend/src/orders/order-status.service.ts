import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  CANCEL_WINDOW_MS,
  canCancelOrder,
  MESSAGES,
  OrderStatus,
  statusChangeRefusal,
} from '@larder/shared-domain';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database } from '../db/database.module';
import { ConflictError, NotFoundError } from '../common/errors';
import { UsersService } from '../users/users.service';
import { Clock } from '../delivery/clock';
import type { OrderView, SellerOrderView } from './dto/order.response';
import { toOrderView, toSellerOrderView } from './order-views';
import { OrderBookings } from './order-bookings';
import { OrderEmails } from './order-emails';
import { ChangedOrder, OrdersRepository } from './orders.repository';
import { StripeGateway } from './stripe-gateway';

/**
 * A placed order's life: the customer's and the seller's lists, the customer's cancel, the seller's status
 * changes, and the orders of a customer deleting their account. Whatever ends an order gives back its units and
 * slot place exactly once (the change is one conditional UPDATE, so of two racing changes one wins).
 */
@Injectable()
export class OrderStatusService implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly bookings: OrderBookings,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly stripe: StripeGateway,
    private readonly emails: OrderEmails,
  ) {}

  onModuleInit(): void {
    this.users.onAccountDeletion(async (tx, userId) => {
      for (const order of await this.repository.forgetCustomer(userId, tx))
        await this.bookings.giveBack(order, tx);
    });
  }

  async listUserOrders(userId: string): Promise<OrderView[]> {
    return (await this.repository.listForUser(userId)).map(toOrderView);
  }

  async listSellerOrders(page: PageRequest): Promise<Page<SellerOrderView>> {
    const { rows, total } = await this.repository.listAll(page);
    return { rows: rows.map(toSellerOrderView), total };
  }

  /**
   * Cancels the customer's own order while it is Pending and younger than the cancel window, with one
   * conditional UPDATE; only when that changes nothing is the reason looked up for the message.
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
      await this.expireUnpaidSession(cancelled);
      return;
    }
    const order = await this.repository.findOwned(orderId, userId);
    if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
    if (order.status !== 'Pending') throw new ConflictError(MESSAGES.onlyPendingCancellable);
    if (!canCancelOrder(order, now)) throw new ConflictError(MESSAGES.cancelWindowClosed);
    throw new ConflictError(MESSAGES.cancelOrderFailed);
  }

  /**
   * The seller moves a Pending order to Completed (a COD order is then marked paid; a card order must be paid
   * already) or Cancelled (its units and slot place are given back); a Completed or Cancelled order never changes
   * again (409). The change is one conditional UPDATE, so of two racing changes exactly one wins. Setting the
   * status the order already has changes nothing. The customer hears of a change by e-mail.
   */
  async updateOrderStatus(orderId: string, status: OrderStatus): Promise<void> {
    const now = this.clock.now();
    const changed =
      status === 'Pending'
        ? undefined
        : await this.db.transaction(async (tx) => {
            const order = await this.repository.changeStatus(orderId, status, now, tx);
            if (order && status === 'Cancelled') await this.bookings.giveBack(order, tx);
            if (order) await this.emails.statusChanged(order.id, status, tx);
            return order;
          });
    if (changed) {
      if (status === 'Cancelled') await this.expireUnpaidSession(changed);
      return;
    }
    const order = await this.repository.findStatus(orderId);
    if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
    const refusal = statusChangeRefusal(order, status);
    if (refusal) throw new ConflictError(MESSAGES[refusal]);
    // The order already had this status: nothing to do.
  }

  /**
   * After an unpaid card order was cancelled: expires its Checkout Session so it can no longer be paid. A
   * failure is only logged; the order stays cancelled (a later payment is recorded for a refund).
   */
  private async expireUnpaidSession(order: ChangedOrder): Promise<void> {
    if (order.paymentType !== 'Online' || order.isPaid || !order.stripeSessionId) return;
    await this.stripe.expireSessionQuietly(order.stripeSessionId, `cancelled order ${order.id}`);
  }
}
