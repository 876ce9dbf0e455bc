import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  CANCEL_WINDOW_MS,
  customerCancelRefusal,
  FulfilledLine,
  fulfilmentStepRefusal,
  MESSAGES,
  outOfStockMessage,
  priceFulfilledBasket,
  refundDueAfterRepricing,
  substituteNeedsAgeConfirmationMessage,
  substituteNotAllowedMessage,
  substituteUnitPrice,
  OrderStatus,
  statusChangeRefusal,
} from '@larder/shared-domain';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database, DbExecutor } from '../db/database.module';
import { ConflictError, InvalidError, NotFoundError } from '../common/errors';
import type { CatalogProduct } from '../catalog/product-view';
import { UsersService } from '../users/users.service';
import { Clock } from '../common/clock';
import type { OrderView, SellerOrderView } from './dto/order.response';
import { toOrderView, toSellerOrderView } from './order-views';
import { OrderBookings } from './order-bookings';
import { OrderEmails } from './order-emails';
import { ChangedOrder, OrderItemRow, OrderRow, OrdersRepository, OrderWithItems } from './orders.repository';
import type { FulfilmentLineDto, UpdateFulfilmentDto } from './dto/update-fulfilment.dto';
import { StripeGateway } from './stripe-gateway';
import { dealRules, repricedDeals } from './order-deals';

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

  /**
   * A customer deleting their account: first, outside the deletion's transaction, the open Checkout Sessions of
   * their unpaid card orders are expired at Stripe (closeCardPayments). Then, in the transaction, every Pending
   * order of theirs is cancelled, its units and slot place given back, and the personal data on all their orders
   * erased. A paid Pending order is cancelled too and marked refund due: with the name, address and phone erased
   * nobody can take the delivery or be reached about it, so the seller must not send it and owes the money back.
   * Last, after the commit, the sessions of unpaid card orders the first step did not close (placed meanwhile, or
   * Stripe out of reach then) are expired; a payment that still gets through is marked refund due by the webhook.
   */
  onModuleInit(): void {
    this.users.beforeAccountDeletion((userId) => this.closeCardPayments(userId));
    this.users.onAccountDeletion(async (tx, userId) => {
      const cancelled = await this.repository.forgetCustomer(userId, this.clock.now(), tx);
      for (const order of cancelled) await this.bookings.giveBack(order, tx);
      const unpaid = cancelled.filter(isUnpaidCardOrder);
      if (!unpaid.length) return;
      return async () => {
        await Promise.all(unpaid.map((order) => this.expireUnpaidSession(order)));
      };
    });
  }

  /**
   * Before an account deletion's transaction: expires the Checkout Session of each of the customer's unpaid card
   * orders, and cancels each order whose session Stripe expired, as the session's expiry event would (its units
   * and slot place go back), even if the deletion then fails: nobody can pay it any more. A session Stripe no
   * longer has open (paid or expired already) or cannot be asked about leaves its order to the transaction.
   */
  private async closeCardPayments(userId: string): Promise<void> {
    const open = await this.repository.unpaidCardSessions(userId);
    await Promise.all(
      open.map(async ({ id, stripeSessionId }) => {
        const outcome = await this.stripe.expireSessionQuietly(
          stripeSessionId,
          `order ${id} of an account being deleted`,
        );
        if (outcome !== 'expired') return;
        const now = this.clock.now();
        await this.db.transaction(async (tx) => {
          const cancelled = await this.repository.cancelUnpaidBySession(stripeSessionId, now, tx);
          if (cancelled) await this.bookings.giveBack(cancelled, tx);
        });
      }),
    );
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
      await this.expireUnpaidSession(cancelled);
      return;
    }
    const order = await this.repository.findOwned(orderId, userId);
    if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
    const refusal = customerCancelRefusal(order, now);
    throw new ConflictError(refusal ? MESSAGES[refusal] : MESSAGES.cancelOrderFailed);
  }

  /**
   * The seller moves a Pending order to Completed (delivered: a COD order is then marked paid, a card order must
   * be paid already; its slot place is freed) or Cancelled (its units and slot place are given back); a Completed or Cancelled order never changes
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
            // A delivered order no longer needs its place in the van.
            if (order && status === 'Completed') await this.bookings.releaseSlot(order, tx);
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
    if (!isUnpaidCardOrder(order)) return;
    await this.stripe.expireSessionQuietly(order.stripeSessionId, `cancelled order ${order.id}`);
  }

  /**
   * The seller moves an order one stage forward: placed → picking → picked → out_for_delivery → delivered (409
   * otherwise, for a cancelled or completed order, and for a card order not paid yet: fulfilmentStepRefusal).
   * Entering picking ends the customer's changes and cancels. Picked records what was found and substituted and
   * re-prices the order from it; delivered completes the order as the spec's Completed does, leaving out the lines
   * refused at the door, and frees its slot place. One transaction, locking the order's row first, then the
   * products, as every change of an order does.
   */
  async changeFulfilment(orderId: string, input: UpdateFulfilmentDto): Promise<OrderWithItems> {
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await this.repository.lock(orderId, tx);
      if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
      const refusal = fulfilmentStepRefusal(order, input.stage);
      if (refusal) throw new ConflictError(refusal);

      if (input.stage === 'picked') await this.recordPicking(order, input.lines, tx);
      if (input.stage === 'delivered') {
        await this.recordRefusals(order, input.lines ?? [], tx);
        await this.bookings.releaseSlot(order, tx);
      }
      await this.repository.update(
        orderId,
        {
          fulfilment: input.stage,
          ...(input.stage === 'delivered' && { status: 'Completed', isPaid: true }),
          updatedAt: now,
        },
        tx,
      );
      if (input.stage === 'picked') await this.emails.orderPicked(orderId, tx);
      if (input.stage === 'delivered') await this.emails.statusChanged(orderId, 'Completed', tx);
      const changed = await this.repository.findWithItems(orderId, tx);
      if (!changed) throw new NotFoundError(MESSAGES.orderNotFound);
      return changed;
    });
  }

  /**
   * Stage picked: every line's found units and substitute, checked, then the stock (short counted products go
   * to 0, substitutes' units are taken) and the order re-priced from what goes to the door.
   */
  private async recordPicking(
    order: OrderRow,
    input: FulfilmentLineDto[] | undefined,
    tx: DbExecutor,
  ): Promise<void> {
    const lines = await this.repository.lines(order.id, tx);
    const byProduct = new Map((input ?? []).map((line) => [line.product.toLowerCase(), line]));
    if (!input || byProduct.size !== input.length || input.length !== lines.length)
      throw new InvalidError(MESSAGES.pickedLinesRequired);
    for (const line of lines) {
      const picked = byProduct.get(line.productId);
      if (!picked || picked.picked === undefined) throw new InvalidError(MESSAGES.pickedLinesRequired);
      if (picked.picked > line.quantity) throw new InvalidError(MESSAGES.pickedQuantityInvalid);
      const substitute = picked.substitute;
      if (!substitute) continue;
      if (!line.allowSubstitutes) throw new InvalidError(substituteNotAllowedMessage(line.name));
      if (
        substitute.product.toLowerCase() === line.productId ||
        picked.picked + substitute.quantity > line.quantity
      )
        throw new InvalidError(MESSAGES.substituteInvalid);
    }

    const substituteIds = [...byProduct.values()].flatMap((l) =>
      l.substitute ? [l.substitute.product] : [],
    );
    await this.bookings.lockProducts([...lines.map((l) => l.productId), ...substituteIds], tx);
    const products = new Map((await this.bookings.products(substituteIds, tx)).map((p) => [p.id, p]));
    const shortLines = lines.filter((line) => byProduct.get(line.productId)!.picked! < line.quantity);
    await this.bookings.emptyShelves(
      shortLines.map((line) => line.productId),
      tx,
    );

    const substitutes: { line: OrderItemRow; product: CatalogProduct; quantity: number }[] = [];
    for (const line of lines) {
      const wanted = byProduct.get(line.productId)!.substitute;
      if (!wanted) continue;
      const product = products.get(wanted.product.toLowerCase());
      if (!product || product.deletedAt) throw new InvalidError(MESSAGES.substituteInvalid);
      if (!product.listed) throw new ConflictError(outOfStockMessage(product.name));
      if (product.ageRestricted && !order.ageConfirmed)
        throw new InvalidError(substituteNeedsAgeConfirmationMessage(product.name));
      substitutes.push({ line, product, quantity: wanted.quantity });
    }
    const taken = await this.bookings.takeSubstitutes(
      substitutes
        .filter((s) => s.product.stock !== null)
        .map((s) => ({ productId: s.product.id, quantity: s.quantity })),
      tx,
    );

    const fulfilled: FulfilledLine[] = [];
    for (const line of lines) {
      const picked = byProduct.get(line.productId)!.picked!;
      const sub = substitutes.find((s) => s.line.id === line.id);
      const price = sub
        ? substituteUnitPrice(line, {
            price: sub.product.offerPrice,
            vatBasisPoints: sub.product.vatBasisPoints,
          })
        : null;
      await this.repository.updateLine(
        line.id,
        {
          picked,
          substituteProductId: sub?.product.id ?? null,
          substituteName: sub?.product.name ?? null,
          substituteQuantity: sub?.quantity ?? null,
          substitutePrice: price,
          substituteVatBasisPoints: sub?.product.vatBasisPoints ?? null,
          substituteAgeRestricted: sub?.product.ageRestricted ?? false,
          substituteStockTaken: sub ? taken.has(sub.product.id) : false,
        },
        tx,
      );
      fulfilled.push({
        ...line,
        picked,
        substitute:
          sub && price !== null
            ? { quantity: sub.quantity, price, vatBasisPoints: sub.product.vatBasisPoints }
            : null,
      });
    }
    await this.reprice(order, fulfilled, tx);
  }

  /** Stage delivered: the lines refused at the door leave the order and its total. */
  private async recordRefusals(order: OrderRow, input: FulfilmentLineDto[], tx: DbExecutor): Promise<void> {
    const refused = input.filter((line) => line.refused === true).map((line) => line.product.toLowerCase());
    if (!refused.length) return;
    const lines = await this.repository.lines(order.id, tx);
    if (refused.some((id) => !lines.some((line) => line.productId === id)))
      throw new InvalidError(MESSAGES.refusedLinesInvalid);
    for (const line of lines)
      if (refused.includes(line.productId)) await this.repository.updateLine(line.id, { refused: true }, tx);
    await this.reprice(
      order,
      lines.map((line) => ({
        ...line,
        refused: line.refused || refused.includes(line.productId),
        substitute:
          line.substituteQuantity && line.substitutePrice !== null
            ? {
                quantity: line.substituteQuantity,
                price: line.substitutePrice,
                vatBasisPoints: line.substituteVatBasisPoints ?? 0,
              }
            : null,
      })),
      tx,
    );
  }

  /**
   * The order's total from what goes to the door; a paid order is owed back what its total fell by. The deals it
   * was priced with apply again (a substitute in its product's place), and its goods never cost more than they
   * did: a short line that breaks a deal loses the deal only as far as the total falls.
   */
  private async reprice(
    order: OrderRow,
    lines: (FulfilledLine & { productId?: string })[],
    tx: DbExecutor,
  ): Promise<void> {
    const totals = priceFulfilledBasket(
      lines.map((line) => ({ ...line, product: line.productId })),
      order.shippingCharge,
      { promotions: dealRules(order.deals), agreed: order.amount - order.shippingCharge },
    );
    const refundDue = refundDueAfterRepricing(order, order.amount, totals.amount);
    await this.repository.update(
      order.id,
      {
        goods: totals.goods,
        totalVat: totals.vat,
        amount: totals.amount,
        savings: totals.savings,
        deals: repricedDeals(order.deals, totals.deals),
        ...(refundDue !== order.refundDue && { refundDue, refundDueAt: this.clock.now() }),
      },
      tx,
    );
  }
}

/** A card order not paid (yet) that has a Checkout Session someone could still pay through. */
function isUnpaidCardOrder(order: ChangedOrder): order is ChangedOrder & { stripeSessionId: string } {
  return order.paymentType === 'Online' && !order.isPaid && !!order.stripeSessionId;
}
