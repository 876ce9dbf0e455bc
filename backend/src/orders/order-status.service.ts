import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import {
  ERROR_CODES,
  CANCEL_WINDOW_MS,
  customerCancelRefusal,
  FulfilledLine,
  fulfilmentStepRefusal,
  type IdCheckOutcome,
  linesLeavingAtDoor,
  mayMoveToStage,
  MESSAGES,
  outOfStockMessage,
  priceFulfilledBasket,
  refundDueAfterRepricing,
  substituteNeedsAgeConfirmationMessage,
  substituteNotAllowedMessage,
  substituteUnitPrice,
  OrderStatus,
  poundsToPence,
  REBOOKED_FULFILMENT,
  selectableDeliveryDate,
  statusChangeRefusal,
  storedSubstitute,
} from '@larder/shared-domain';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database, DbExecutor } from '../db/database.module';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError } from '../common/errors';
import { recordFulfilment, recordOrderStatus } from './order-activity';
import type { StaffIdentity } from '../session/session.decorators';
import { CatalogService } from '../catalog/catalog.service';
import type { CatalogProduct } from '../catalog/product-view';
import { DeliveryService } from '../delivery/delivery.service';
import { UsersService } from '../users/users.service';
import { Clock } from '../common/clock';
import type { OrderView, SellerOrderView } from './dto/order.response';
import { toOrderView, toSellerOrderView } from './order-views';
import { OrderBookings } from './order-bookings';
import { OrderEmails } from './order-emails';
import { CardSessionsRepository } from './card-sessions.repository';
import { CheckoutRepository } from './checkout.repository';
import { checkIdempotencyKey } from './idempotency-key';
import { ChangedOrder, OrderItemRow, OrderRow, OrdersRepository, OrderWithItems } from './orders.repository';
import type { FulfilmentLineDto, UpdateFulfilmentDto } from './dto/update-fulfilment.dto';
import { StripeGateway } from './stripe-gateway';
import { TakingsService } from './takings.service';
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
    private readonly cardSessions: CardSessionsRepository,
    private readonly bookings: OrderBookings,
    private readonly catalog: CatalogService,
    private readonly delivery: DeliveryService,
    private readonly users: UsersService,
    private readonly clock: Clock,
    private readonly stripe: StripeGateway,
    private readonly emails: OrderEmails,
    private readonly checkout: CheckoutRepository,
    private readonly takings: TakingsService,
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
    const open = await this.cardSessions.unpaidCardSessions(userId);
    await Promise.all(
      open.map(async ({ id, stripeSessionId }) => {
        const outcome = await this.stripe.expireSessionQuietly(
          stripeSessionId,
          `order ${id} of an account being deleted`,
        );
        if (outcome !== 'expired') return;
        const now = this.clock.now();
        await this.db.transaction(async (tx) => {
          const cancelled = await this.cardSessions.cancelUnpaidBySession(stripeSessionId, now, tx);
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
    throw new ConflictError(refusal ? MESSAGES[refusal] : MESSAGES.cancelOrderFailed, {
      code: ERROR_CODES.CANCEL_NOT_ALLOWED,
    });
  }

  /**
   * The seller moves a Pending order to Completed (delivered: a COD order is then marked paid, a card order must
   * be paid already; its slot place is freed) or Cancelled (its units and slot place are given back); a Completed or Cancelled order never changes
   * again (409). The change is one conditional UPDATE, so of two racing changes exactly one wins. Setting the
   * status the order already has changes nothing. The customer hears of a change by e-mail.
   */
  async updateOrderStatus(orderId: string, status: OrderStatus, actor?: FulfilmentActor): Promise<void> {
    const now = this.clock.now();
    const changed =
      status === 'Pending'
        ? undefined
        : await this.db.transaction(async (tx) => {
            const order = await this.repository.changeStatus(orderId, status, now, tx);
            if (order && actor) await recordOrderStatus(tx, actor, order, 'Pending', status);
            if (order && status === 'Cancelled') await this.bookings.giveBack(order, tx);
            // A delivered order no longer needs its place in the van.
            if (order && status === 'Completed')
              await this.delivery.releaseSlot(order.deliveryDate, order.deliveryTime, tx);
            if (order && status === 'Completed') await this.takings.recordDelivery(order.id, tx);
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
    if (refusal) throw new ConflictError(MESSAGES[refusal], { code: ERROR_CODES.STATUS_CHANGE_NOT_ALLOWED });
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
    actor?: FulfilmentActor,
  ): Promise<OrderWithItems> {
    const key = checkIdempotencyKey(idempotencyKey);
    if (actor && !mayMoveToStage(actor.role, input.stage)) throw new ForbiddenError(MESSAGES.noPermission);
    checkFieldsOfStage(input);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await this.repository.lock(orderId, tx);
      if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
      if (key && !(await this.checkout.claimChangeKey(orderId, key, tx))) return this.found(orderId, tx);
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
      if (input.stage === 'picked') await this.recordPicking(order, input.lines, tx);
      if (input.stage === 'delivered') {
        await this.recordRefusals(order, input.lines ?? [], input.idCheck, tx);
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
        // Its lines and totals are final now (refusals re-priced): its takings are written with the delivery.
        await this.takings.recordDelivery(orderId, tx);
        await this.emails.statusChanged(orderId, 'Completed', tx);
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
    actor: FulfilmentActor | undefined,
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
      if (!line.allowSubstitutes)
        throw new InvalidError(substituteNotAllowedMessage(line.name), {
          code: ERROR_CODES.SUBSTITUTE_NOT_ALLOWED,
        });
      if (
        substitute.product.toLowerCase() === line.productId ||
        picked.picked + substitute.quantity > line.quantity
      )
        throw new InvalidError(MESSAGES.substituteInvalid);
    }

    const substituteIds = [...byProduct.values()].flatMap((l) =>
      l.substitute ? [l.substitute.product] : [],
    );
    await this.catalog.lockProducts([...lines.map((l) => l.productId), ...substituteIds], tx);
    const products = new Map((await this.catalog.findProductsByIds(substituteIds, tx)).map((p) => [p.id, p]));
    const shortLines = lines.filter((line) => byProduct.get(line.productId)!.picked! < line.quantity);
    await this.catalog.emptyShelves(
      shortLines.map((line) => line.productId),
      tx,
    );

    const substitutes: { line: OrderItemRow; product: CatalogProduct; quantity: number }[] = [];
    for (const line of lines) {
      const wanted = byProduct.get(line.productId)!.substitute;
      if (!wanted) continue;
      const product = products.get(wanted.product.toLowerCase());
      if (!product || product.deletedAt) throw new InvalidError(MESSAGES.substituteInvalid);
      if (!product.listed)
        throw new ConflictError(outOfStockMessage(product.name), { code: ERROR_CODES.OUT_OF_STOCK });
      if (product.ageRestricted && !order.ageConfirmed)
        throw new InvalidError(substituteNeedsAgeConfirmationMessage(product.name), {
          code: ERROR_CODES.AGE_CONFIRMATION_REQUIRED,
        });
      substitutes.push({ line, product, quantity: wanted.quantity });
    }
    const taken = await this.catalog.takeStock(
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

  /**
   * Stage delivered: the lines refused at the door, and when the ID check failed every 18+ line
   * (linesLeavingAtDoor), leave the order and its total.
   */
  private async recordRefusals(
    order: OrderRow,
    input: FulfilmentLineDto[],
    idCheck: IdCheckOutcome | undefined,
    tx: DbExecutor,
  ): Promise<void> {
    const refused = input.filter((line) => line.refused === true).map((line) => line.product.toLowerCase());
    if (!refused.length && idCheck !== 'failed') return;
    const lines = await this.repository.lines(order.id, tx);
    if (refused.some((id) => !lines.some((line) => line.productId === id)))
      throw new InvalidError(MESSAGES.refusedLinesInvalid);
    const leaving = linesLeavingAtDoor(lines, refused, idCheck);
    if (!leaving.size) return;
    for (const line of lines)
      if (leaving.has(line.productId)) await this.repository.updateLine(line.id, { refused: true }, tx);
    await this.reprice(
      order,
      lines.map((line) => ({
        ...line,
        refused: line.refused || leaving.has(line.productId),
        substitute: storedSubstitute(line),
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

/** Who recorded a fulfilment step (the signed-in member), kept with each outcome at the door. */
export type FulfilmentActor = Pick<StaffIdentity, 'id' | 'name' | 'role'>;

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

/** A card order not paid (yet) that has a Checkout Session someone could still pay through. */
function isUnpaidCardOrder(order: ChangedOrder): order is ChangedOrder & { stripeSessionId: string } {
  return order.paymentType === 'Online' && !order.isPaid && !!order.stripeSessionId;
}
