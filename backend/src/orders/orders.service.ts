import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type Stripe from 'stripe';
import {
  CANCEL_WINDOW_MS,
  canCancelOrder,
  MAX_QUANTITY,
  MESSAGES,
  notEnoughStockMessage,
  OrderStatus,
  OrderTotals,
  outOfStockMessage,
  PaymentType,
  penceToPounds,
  poundsToPence,
  priceOrder,
  selectableDeliveryDate,
  statusChangeRefusal,
} from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database, DbExecutor } from '../db/database.module';
import type { AddressSnapshot } from '../db/schema';
import {
  ConflictError,
  InvalidError,
  NotFoundError,
  NotImplementedError,
  UnauthorizedError,
} from '../common/errors';
import { isUuid } from '../common/uuid-param';
import { CatalogService } from '../catalog/catalog.service';
import { UsersService } from '../users/users.service';
import { CartService } from '../cart/cart.service';
import { Clock } from '../common/clock';
import { DeliveryService } from '../delivery/delivery.service';
import type { OrderLineDto, PlaceOrderDto } from './dto/place-order.dto';
import type { OrderView, SellerOrderView } from './dto/order.response';
import { toOrderView, toSellerOrderView } from './order-views';
import { OrderEmails } from './order-emails';
import { ChangedOrder, NewOrder, NewOrderLine, OrderBooking, OrdersRepository } from './orders.repository';
import { StripeGateway } from './stripe-gateway';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** Thrown inside a checkout transaction to roll it back when the idempotency key was used meanwhile. */
class AlreadyPlaced extends Error {}

interface PreparedOrder {
  address: AddressSnapshot & { id: string };
  contact: { name: string; email: string | null; phone: string | null };
  lines: NewOrderLine[];
  totals: OrderTotals;
  deliveryDate: string;
  deliveryTime: string;
}

/**
 * Orders: checkout (COD and Stripe Checkout), the customer's and the seller's order lists, cancelling and status
 * changes. Checkout reads the customer's address and contact, the shipping settings and the products in one
 * statement, then stores the order, empties the cart, books the slot and takes the stock, all in one transaction.
 */
@Injectable()
export class OrdersService implements OnModuleInit {
  private readonly logger = new Logger(OrdersService.name);

  constructor(
    @Inject(DB) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: OrdersRepository,
    private readonly catalog: CatalogService,
    private readonly users: UsersService,
    private readonly cart: CartService,
    private readonly clock: Clock,
    private readonly stripe: StripeGateway,
    private readonly delivery: DeliveryService,
    private readonly emails: OrderEmails,
  ) {}

  onModuleInit(): void {
    this.users.onAccountDeletion(async (tx, userId) => {
      for (const order of await this.repository.forgetCustomer(userId, tx)) await this.giveBack(order, tx);
    });
  }

  /**
   * Places a cash-on-delivery order and empties the cart, in one transaction. With an idempotency key that the
   * customer already used, answers the first order's id and places nothing.
   */
  async placeCodOrder(userId: string, input: PlaceOrderDto, idempotencyKey?: string): Promise<string> {
    const key = this.checkIdempotencyKey(idempotencyKey);
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const prepared = await this.prepare(userId, input, now, tx);
        // A key used before makes the insert do nothing (after waiting for a concurrent first use to commit).
        // The same statement empties the cart.
        const id = await this.repository.insert(
          this.orderRow(userId, prepared, 'COD', now, key),
          prepared.lines,
          tx,
          { emptyCart: true },
        );
        if (!id) throw new AlreadyPlaced();
        await this.emails.orderPlaced(id, tx);
        // Last, so the rows every order shares (slot, stock, catalogue version) stay locked the shortest time.
        await this.takeUnitsAndSlot(prepared, tx, id);
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
   * Starts a card payment: validates like COD, creates a Stripe Checkout Session and stores the order as unpaid.
   * The cart is emptied once Stripe reports the payment (a customer who backs out still has it).
   */
  async placeStripeOrder(
    userId: string,
    input: PlaceOrderDto,
    idempotencyKey?: string,
  ): Promise<{ orderId: string; url: string }> {
    if (!this.stripe.enabled) throw new NotImplementedError(MESSAGES.cardPaymentsUnavailable);
    const key = this.checkIdempotencyKey(idempotencyKey);
    if (key) {
      const existing = await this.repository.findByIdempotencyKey(userId, key);
      if (existing) return this.existingCheckout(existing);
    }
    const now = this.clock.now();
    const prepared = await this.db.transaction((tx) => this.prepare(userId, input, now, tx));
    const orderId = randomUUID();
    // Return links come from PUBLIC_URL only, never from the request's Origin or Host.
    const base = this.config.publicUrl;
    const session = await this.stripe.createCheckoutSession({
      orderId,
      customerEmail: prepared.contact.email ?? undefined,
      lines: [
        ...prepared.lines.map((line) => ({
          name: line.name,
          unitAmount: line.price,
          quantity: line.quantity,
        })),
        { name: 'VAT', unitAmount: prepared.totals.vat, quantity: 1 },
        { name: 'Delivery', unitAmount: prepared.totals.shipping, quantity: 1 },
      ],
      successUrl: `${base}/loader?next=my-orders`,
      cancelUrl: `${base}/cart`,
    });
    const row = {
      ...this.orderRow(userId, prepared, 'Online', now, key),
      id: orderId,
      stripeSessionId: session.id,
    };
    const stored = await this.db
      .transaction(async (tx) => {
        // Prices, availability and stock may have changed while the session was created: read them again
        // with the product rows locked, and refuse as COD would when the order is no longer the same.
        // The product rows before the slot row, as COD takes them.
        await this.catalog.lockProducts(
          prepared.lines.map((line) => line.productId),
          tx,
        );
        const current = await this.prepare(userId, input, now, tx);
        if (!sameLines(current.lines, prepared.lines)) throw totalsChanged(current.totals);
        await this.takeUnits(current, tx);
        await this.delivery.bookSlot(prepared.deliveryDate, prepared.deliveryTime, tx);
        if (!(await this.repository.insert(row, current.lines, tx))) throw new AlreadyPlaced();
        return true;
      })
      .catch(async (err: unknown) => {
        // No order holds this session: it must never be paid.
        await this.expireSession(session.id, `order ${orderId}, which was not stored`);
        if (err instanceof AlreadyPlaced) return false;
        throw err;
      });
    if (!stored && key) {
      const existing = await this.repository.findByIdempotencyKey(userId, key);
      if (existing) return this.existingCheckout(existing);
    }
    if (!stored) throw new ConflictError(MESSAGES.orderInProgress);
    return { orderId, url: session.url };
  }

  /** A verified Stripe event: a completed payment marks its order paid; an expired session cancels it. */
  async handleStripeWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    if (!this.stripe.webhooksEnabled) throw new NotImplementedError(MESSAGES.cardPaymentsUnavailable);
    if (!signature) throw new InvalidError(MESSAGES.missingStripeSignature);
    if (!rawBody) {
      this.logger.error('The Stripe webhook arrived without its raw body: enable rawBody in the app factory');
      throw new InvalidError(MESSAGES.invalidStripeSignature);
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.constructEvent(rawBody, signature);
    } catch {
      throw new InvalidError(MESSAGES.invalidStripeSignature);
    }
    const now = this.clock.now();
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') return;
        const order = await this.db.transaction(async (tx) => {
          // Only the first report of a payment changes anything: Stripe may send an event more than once.
          const paid = await this.repository.markPaidBySession(session.id, now, tx);
          // A payment for an order cancelled meanwhile is recorded (the money was taken) but leaves the
          // customer's cart alone; the seller sees a paid, cancelled order to refund.
          if (paid?.userId && paid.status !== 'Cancelled') {
            await this.cart.clearCart(paid.userId, tx);
            await this.emails.orderPlaced(paid.id, tx);
          }
          return paid;
        });
        if (!order) {
          if (!(await this.repository.hasSession(session.id))) {
            this.logger.warn(`Stripe reported a payment for unknown checkout session ${session.id}`);
          }
        } else if (order.status === 'Cancelled') {
          this.logger.warn(`Order ${order.id} was paid after it was cancelled: it needs a refund`);
        }
        return;
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        const sessionId = event.data.object.id;
        await this.db.transaction(async (tx) => {
          const cancelled = await this.repository.cancelUnpaidBySession(sessionId, now, tx);
          if (cancelled) await this.giveBack(cancelled, tx);
        });
        return;
      }
      default:
        return;
    }
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
        await this.giveBack(order, tx);
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
            if (order && status === 'Cancelled') await this.giveBack(order, tx);
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
    await this.expireSession(order.stripeSessionId, `cancelled order ${order.id}`);
  }

  private async expireSession(sessionId: string, what: string): Promise<void> {
    try {
      await this.stripe.expireCheckoutSession(sessionId);
    } catch (err) {
      this.logger.warn(
        `Could not expire checkout session ${sessionId} of ${what}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  /**
   * Books the order's slot place and takes its units from the products that count stock, inside the order's
   * transaction (409 when either has run out); `storedOrderId` names the order whose lines are stored already.
   */
  private async takeUnitsAndSlot(
    prepared: PreparedOrder,
    tx: DbExecutor,
    storedOrderId: string,
  ): Promise<void> {
    // The slot row last: of the rows every order shares it is the hottest (a few per date), so it is held only
    // from this statement to the commit. Products before slot, as every other change takes them.
    await this.takeUnits(prepared, tx, storedOrderId);
    await this.delivery.bookSlot(prepared.deliveryDate, prepared.deliveryTime, tx);
  }

  /**
   * Takes the units of the lines marked stockTaken (their product counted stock when priced) and marks which
   * were taken; a line whose product stopped counting stock meanwhile is marked not taken, also on its stored
   * row when the order is stored already.
   */
  private async takeUnits(prepared: PreparedOrder, tx: DbExecutor, storedOrderId?: string): Promise<void> {
    const counted = prepared.lines.filter((line) => line.stockTaken);
    const taken = await this.catalog.takeStock(counted, tx);
    const notTaken = counted.filter((line) => !taken.has(line.productId)).map((line) => line.productId);
    for (const line of prepared.lines) line.stockTaken = taken.has(line.productId);
    if (storedOrderId && notTaken.length)
      await this.repository.markStockNotTaken(storedOrderId, notTaken, tx);
  }

  /** For an order just cancelled: gives back the units its lines took and frees its slot place. */
  private async giveBack(order: OrderBooking, tx: DbExecutor): Promise<void> {
    // The products first, then the slot row, as checkout locks them: the two never wait for each other in a circle.
    await this.catalog.returnStock(await this.repository.releaseTakenLines(order.id, tx), tx);
    await this.delivery.releaseSlot(order.deliveryDate, order.deliveryTime, tx);
  }

  /** Every check of checkout, then the lines and totals recomputed from the catalogue and settings. */
  private async prepare(
    userId: string,
    input: PlaceOrderDto,
    now: Date,
    tx: DbExecutor,
  ): Promise<PreparedOrder> {
    // One round trip reads the address, the contact details, the shipping settings and the products.
    const productIds = Array.isArray(input.items)
      ? [...new Set(input.items.map((item) => String(item.product).toLowerCase()).filter(isUuid))]
      : [];
    const context =
      isUuid(userId) && isUuid(input.address)
        ? await this.repository.checkoutContext(userId, input.address, productIds, tx)
        : undefined;
    const address = context?.address;
    if (!address) throw new InvalidError(MESSAGES.addressNotFound);

    // A malformed slot is bad input (400, refused by PlaceOrderDto); a well-formed date that is no longer
    // selectable is a conflict with the clock (409, with the date to choose instead).
    const deliveryDate = selectableDeliveryDate(now);
    if (input.deliverySlot.date !== deliveryDate) {
      throw new ConflictError(MESSAGES.deliveryDateUnavailable, { deliveryDate });
    }

    const quantities = mergeLines(input.items);
    const byId = new Map(context.products.map((p) => [p.id, p]));
    const lines: NewOrderLine[] = [];
    for (const [productId, quantity] of quantities) {
      const product = byId.get(productId);
      if (!product) throw new ConflictError(MESSAGES.itemUnavailable);
      if (product.deleted || !product.inStock) throw new ConflictError(outOfStockMessage(product.name));
      if (product.stock !== null && product.stock < quantity) {
        throw new ConflictError(notEnoughStockMessage(product.name, product.stock));
      }
      lines.push({
        productId,
        name: product.name,
        image: product.images[0] ?? null,
        price: product.offerPrice,
        vatBasisPoints: product.vatBasisPoints,
        quantity,
        // Taken from a counted stock when the order is stored (checked again then).
        stockTaken: product.stock !== null,
      });
    }

    const totals = priceOrder(
      lines.map((l) => ({ offerPrice: l.price, quantity: l.quantity, vat: l.vatBasisPoints / 100 })),
      context.shipping,
    );
    if (
      poundsToPence(input.amount) !== totals.amount ||
      poundsToPence(input.shippingCharge) !== totals.shipping ||
      poundsToPence(input.totalVat) !== totals.vat
    ) {
      throw totalsChanged(totals);
    }

    const contact = context.contact;
    if (!contact) throw new UnauthorizedError(MESSAGES.notAuthorized);
    return { address, contact, lines, totals, deliveryDate, deliveryTime: input.deliverySlot.time };
  }

  private orderRow(
    userId: string,
    prepared: PreparedOrder,
    paymentType: PaymentType,
    now: Date,
    idempotencyKey: string | undefined,
  ): NewOrder {
    const { id: addressId, street, city, state, postalCode, country } = prepared.address;
    return {
      userId,
      address: { street, city, state, postalCode, country },
      addressId,
      customerName: prepared.contact.name,
      customerEmail: prepared.contact.email,
      customerPhone: prepared.contact.phone,
      paymentType,
      goods: prepared.totals.goods,
      totalVat: prepared.totals.vat,
      shippingCharge: prepared.totals.shipping,
      amount: prepared.totals.amount,
      deliveryDate: prepared.deliveryDate,
      deliveryTime: prepared.deliveryTime,
      status: 'Pending',
      isPaid: false,
      idempotencyKey: idempotencyKey ?? null,
      createdAt: now,
      updatedAt: now,
    };
  }

  private checkIdempotencyKey(value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    if (!IDEMPOTENCY_KEY.test(value)) throw new InvalidError(MESSAGES.invalidIdempotencyKey);
    return value;
  }

  /** The order a concurrent request with the same idempotency key stored first. */
  private async existingOrderId(userId: string, key: string | undefined): Promise<string> {
    const existing = key ? await this.repository.findByIdempotencyKey(userId, key) : undefined;
    if (!existing) throw new ConflictError(MESSAGES.orderInProgress);
    return existing.id;
  }

  private async existingCheckout(existing: {
    id: string;
    stripeSessionId: string | null;
  }): Promise<{ orderId: string; url: string }> {
    const url = existing.stripeSessionId ? await this.stripe.sessionUrl(existing.stripeSessionId) : null;
    if (!url) throw new ConflictError(MESSAGES.orderInProgress);
    return { orderId: existing.id, url };
  }
}

/** 409 "Prices have changed", with the current figures for the customer to review. */
function totalsChanged(totals: OrderTotals): ConflictError {
  return new ConflictError(MESSAGES.totalsChanged, {
    amount: penceToPounds(totals.amount),
    shippingCharge: penceToPounds(totals.shipping),
    totalVat: penceToPounds(totals.vat),
    goods: penceToPounds(totals.goods),
  });
}

/** Whether two pricings of an order have the same lines: product, name, picture, price, VAT and quantity. */
function sameLines(a: NewOrderLine[], b: NewOrderLine[]): boolean {
  return (
    a.length === b.length &&
    a.every((line, i) => {
      const other = b[i];
      return (
        line.productId === other.productId &&
        line.name === other.name &&
        line.image === other.image &&
        line.price === other.price &&
        line.vatBasisPoints === other.vatBasisPoints &&
        line.quantity === other.quantity
      );
    })
  );
}

/** Quantities by product, lines naming the same product merged; over-limit totals refused. */
function mergeLines(items: OrderLineDto[]): Map<string, number> {
  const quantities = new Map<string, number>();
  for (const item of items) {
    const id = item.product.toLowerCase();
    const quantity = (quantities.get(id) ?? 0) + item.quantity;
    if (quantity > MAX_QUANTITY) throw new InvalidError(MESSAGES.maxQuantityReached);
    quantities.set(id, quantity);
  }
  return quantities;
}
