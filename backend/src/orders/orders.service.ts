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
import { CatalogService } from '../catalog/catalog.service';
import { SettingsService } from '../settings/settings.service';
import { UsersService } from '../users/users.service';
import { CartService } from '../cart/cart.service';
import { Clock } from '../delivery/clock';
import { DeliveryService } from '../delivery/delivery.service';
import type { OrderLineDto, PlaceOrderDto } from './dto/place-order.dto';
import type { OrderView, SellerOrderView } from './dto/order.response';
import { toOrderView, toSellerOrderView } from './order-views';
import { OrderEmails } from './order-emails';
import { NewOrder, NewOrderLine, OrderBooking, OrdersRepository } from './orders.repository';
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
 * changes. Checkout reads the catalogue, settings, the customer's address and cart through their services, all
 * inside one transaction.
 */
@Injectable()
export class OrdersService implements OnModuleInit {
  private readonly logger = new Logger(OrdersService.name);

  constructor(
    @Inject(DB) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: OrdersRepository,
    private readonly catalog: CatalogService,
    private readonly settings: SettingsService,
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
    if (key) {
      const existing = await this.repository.findByIdempotencyKey(userId, key);
      if (existing) return existing.id;
    }
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const prepared = await this.prepare(userId, input, now, tx);
        await this.takeUnitsAndSlot(prepared, tx);
        const id = await this.repository.insert(
          this.orderRow(userId, prepared, 'COD', now, key),
          prepared.lines,
          tx,
        );
        if (!id) throw new AlreadyPlaced();
        await this.cart.clearCart(userId, tx);
        await this.emails.orderPlaced(id, tx);
        return id;
      });
    } catch (err) {
      if (err instanceof AlreadyPlaced) return this.existingOrderId(userId, key);
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
        await this.takeUnitsAndSlot(prepared, tx);
        if (!(await this.repository.insert(row, prepared.lines, tx))) throw new AlreadyPlaced();
        return true;
      })
      .catch((err: unknown) => {
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
    if (cancelled) return;
    const order = await this.repository.findOwned(orderId, userId);
    if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
    if (order.status !== 'Pending') throw new ConflictError(MESSAGES.onlyPendingCancellable);
    if (!canCancelOrder(order, now)) throw new ConflictError(MESSAGES.cancelWindowClosed);
    throw new ConflictError(MESSAGES.cancelOrderFailed);
  }

  /**
   * The seller sets any status; Completed also marks the order paid. Cancelling gives the units and the slot
   * place back; taking a cancelled order up again takes them again (409 when they are gone). The customer hears
   * of a change by e-mail.
   */
  async updateOrderStatus(orderId: string, status: OrderStatus): Promise<void> {
    const now = this.clock.now();
    const before = await this.db.transaction(async (tx) => {
      const order = await this.repository.setStatus(orderId, status, now, tx);
      if (order && order.status !== 'Cancelled' && status === 'Cancelled') await this.giveBack(order, tx);
      if (order && order.status === 'Cancelled' && status !== 'Cancelled') await this.takeBack(order, tx);
      if (order && order.status !== status) await this.emails.statusChanged(order.id, status, tx);
      return order;
    });
    if (!before) throw new NotFoundError(MESSAGES.orderNotFound);
  }

  /**
   * Takes the order's units from the products that count stock and books its slot place, inside the order's
   * transaction (409 when either has run out); marks which lines took units.
   */
  private async takeUnitsAndSlot(prepared: PreparedOrder, tx: DbExecutor): Promise<void> {
    const taken = await this.catalog.takeStock(prepared.lines, tx);
    for (const line of prepared.lines) line.stockTaken = taken.has(line.productId);
    await this.delivery.bookSlot(prepared.deliveryDate, prepared.deliveryTime, tx);
  }

  /** For an order just cancelled: gives back the units its lines took and frees its slot place. */
  private async giveBack(order: OrderBooking, tx: DbExecutor): Promise<void> {
    await this.catalog.returnStock(await this.repository.releaseTakenLines(order.id, tx), tx);
    await this.delivery.releaseSlot(order.deliveryDate, order.deliveryTime, tx);
  }

  /** For a cancelled order taken up again: takes its units and a slot place again. */
  private async takeBack(order: OrderBooking, tx: DbExecutor): Promise<void> {
    const taken = await this.catalog.takeStock(await this.repository.lines(order.id, tx), tx);
    await this.repository.markStockTaken(order.id, [...taken], tx);
    await this.delivery.bookSlot(order.deliveryDate, order.deliveryTime, tx);
  }

  /** Every check of checkout, then the lines and totals recomputed from the catalogue and settings. */
  private async prepare(
    userId: string,
    input: PlaceOrderDto,
    now: Date,
    tx: DbExecutor,
  ): Promise<PreparedOrder> {
    const address = await this.users.findAddressForUser(userId, input.address, tx);
    if (!address) throw new InvalidError(MESSAGES.addressNotFound);

    // A malformed slot is bad input (400, refused by PlaceOrderDto); a well-formed date that is no longer
    // selectable is a conflict with the clock (409, with the date to choose instead).
    const deliveryDate = selectableDeliveryDate(now);
    if (input.deliverySlot.date !== deliveryDate) {
      throw new ConflictError(MESSAGES.deliveryDateUnavailable, { deliveryDate });
    }

    const quantities = mergeLines(input.items);
    const products = await this.catalog.findProductsByIds([...quantities.keys()], tx);
    const byId = new Map(products.map((p) => [p.id, p]));
    const lines: NewOrderLine[] = [];
    for (const [productId, quantity] of quantities) {
      const product = byId.get(productId);
      if (!product) throw new ConflictError(MESSAGES.itemUnavailable);
      if (product.deletedAt || !product.inStock) throw new ConflictError(outOfStockMessage(product.name));
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
      });
    }

    const totals = priceOrder(
      lines.map((l) => ({ offerPrice: l.price, quantity: l.quantity, vat: l.vatBasisPoints / 100 })),
      await this.settings.getShippingSettings(tx),
    );
    if (
      poundsToPence(input.amount) !== totals.amount ||
      poundsToPence(input.shippingCharge) !== totals.shipping ||
      poundsToPence(input.totalVat) !== totals.vat
    ) {
      throw new ConflictError(MESSAGES.totalsChanged, {
        amount: penceToPounds(totals.amount),
        shippingCharge: penceToPounds(totals.shipping),
        totalVat: penceToPounds(totals.vat),
        goods: penceToPounds(totals.goods),
      });
    }

    const contact = await this.users.getCustomerContact(userId, tx);
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
