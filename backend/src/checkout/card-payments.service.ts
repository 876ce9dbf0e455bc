import { randomUUID } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { ERROR_CODES, MESSAGES, unitPriceWithVat } from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DB, Database } from '../db/database.module';
import { ConflictError, NotImplementedError } from '../common/errors';
import { Clock } from '../common/clock';
import { CatalogService } from '../catalog/catalog.service';
import { DeliveryService } from '../delivery/delivery.service';
import { UsersService } from '../users/users.service';
import { OrderBookings } from '../orders/order-bookings';
import { OrderHooks } from '../orders/order-hooks';
import { checkIdempotencyKey } from '../orders/order-request';
import type { ChangedOrder, NewOrderLine } from '../orders/orders.repository';
import type { PlaceOrderDto } from './dto/place-order.dto';
import { CardSessionsRepository } from './card-sessions.repository';
import { CheckoutRepository } from './checkout.repository';
import { AlreadyPlaced, CheckoutSteps, orderRow, totalsChanged } from './checkout-steps';
import { StripeGateway } from './stripe-gateway';

/**
 * Card payments through Stripe Checkout: starting one (the checkout steps, a Checkout Session, the order stored
 * unpaid), and closing the payment of an order that can no longer be paid: cancelled unpaid, or of a customer
 * deleting their account. Stripe's own reports are StripeWebhookService's.
 */
@Injectable()
export class CardPaymentsService implements OnModuleInit {
  constructor(
    @Inject(DB) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: CheckoutRepository,
    private readonly cardSessions: CardSessionsRepository,
    private readonly steps: CheckoutSteps,
    private readonly bookings: OrderBookings,
    private readonly catalog: CatalogService,
    private readonly delivery: DeliveryService,
    private readonly users: UsersService,
    private readonly hooks: OrderHooks,
    private readonly clock: Clock,
    private readonly stripe: StripeGateway,
  ) {}

  /**
   * An unpaid card order that is cancelled (by the customer, the seller, or an account deletion) has its Checkout
   * Session expired after the cancel commits; before an account deletion's transaction, its customer's open
   * sessions are expired first (closeCardPayments).
   */
  onModuleInit(): void {
    this.users.beforeAccountDeletion((userId) => this.closeCardPayments(userId));
    this.hooks.onCancelled((order) => this.expireUnpaidSession(order));
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
    if (!this.stripe.enabled)
      throw new NotImplementedError(MESSAGES.cardPaymentsUnavailable, {
        code: ERROR_CODES.CARD_PAYMENTS_UNAVAILABLE,
      });
    const key = checkIdempotencyKey(idempotencyKey);
    if (key) {
      const existing = await this.repository.findByIdempotencyKey(userId, key);
      if (existing) return this.existingCheckout(existing);
    }
    const now = this.clock.now();
    // Checked without locks first, so that no Stripe session is created for an order that would be refused.
    const prepared = await this.db.transaction((tx) =>
      this.steps.prepare(userId, input, now, tx, { placing: true }),
    );
    const orderId = randomUUID();
    // Return links come from PUBLIC_URL only, never from the request's Origin or Host.
    const base = this.config.publicUrl;
    const session = await this.stripe.createCheckoutSession({
      orderId,
      customerEmail: prepared.contact.email ?? undefined,
      lines: [
        // Shoppers are shown prices with VAT, and these lines add up to the amount without a VAT line.
        // A line in a deal is sent as one item at what it costs (its units' prices differ within the deal).
        ...prepared.lines.map((line) =>
          line.saving
            ? { name: `${line.quantity} x ${line.name}`, unitAmount: line.charged!, quantity: 1 }
            : {
                name: line.name,
                unitAmount: unitPriceWithVat(line.price, line.vatBasisPoints),
                quantity: line.quantity,
              },
        ),
        { name: 'Delivery', unitAmount: prepared.totals.shipping, quantity: 1 },
      ],
      successUrl: `${base}/loader?next=my-orders`,
      cancelUrl: `${base}/cart`,
    });
    const row = {
      ...orderRow(userId, prepared, 'Online', now, key),
      id: orderId,
      stripeSessionId: session.id,
    };
    // Prices, availability, stock and the customer's open orders may have changed while the session was
    // created: read them again with the customer's and the product rows locked, and refuse as COD would when
    // the order is no longer the same. The customer's row, then the products, then the slot, as COD takes them.
    const stored = await this.steps
      .holdingCustomer(userId, async (tx) => {
        await this.catalog.lockProducts(
          prepared.lines.map((line) => line.productId),
          tx,
        );
        const current = await this.steps.prepare(userId, input, now, tx, { placing: true });
        if (!sameLines(current.lines, prepared.lines)) throw totalsChanged(current.totals);
        await this.bookings.takeUnits(current.lines, tx);
        await this.delivery.bookSlot(prepared.deliveryDate, prepared.deliveryTime, tx);
        if (!(await this.repository.insert(row, current.lines, tx))) throw new AlreadyPlaced();
        return true;
      })
      .catch(async (err: unknown) => {
        // No order holds this session: it must never be paid.
        await this.stripe.expireSessionQuietly(session.id, `order ${orderId}, which was not stored`);
        if (err instanceof AlreadyPlaced) return false;
        throw err;
      });
    if (!stored && key) {
      const existing = await this.repository.findByIdempotencyKey(userId, key);
      if (existing) return this.existingCheckout(existing);
    }
    if (!stored) throw new ConflictError(MESSAGES.orderInProgress, { code: ERROR_CODES.ORDER_IN_PROGRESS });
    return { orderId, url: session.url };
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

  /**
   * After an unpaid card order was cancelled: expires its Checkout Session so it can no longer be paid. A
   * failure is only logged; the order stays cancelled (a later payment is recorded for a refund).
   */
  private async expireUnpaidSession(order: ChangedOrder): Promise<void> {
    if (!isUnpaidCardOrder(order)) return;
    await this.stripe.expireSessionQuietly(order.stripeSessionId, `cancelled order ${order.id}`);
  }

  private async existingCheckout(existing: {
    id: string;
    stripeSessionId: string | null;
  }): Promise<{ orderId: string; url: string }> {
    const url = existing.stripeSessionId ? await this.stripe.sessionUrl(existing.stripeSessionId) : null;
    if (!url) throw new ConflictError(MESSAGES.orderInProgress, { code: ERROR_CODES.ORDER_IN_PROGRESS });
    return { orderId: existing.id, url };
  }
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
        line.quantity === other.quantity &&
        line.charged === other.charged
      );
    })
  );
}

/** A card order not paid (yet) that has a Checkout Session someone could still pay through. */
function isUnpaidCardOrder(order: ChangedOrder): order is ChangedOrder & { stripeSessionId: string } {
  return order.paymentType === 'Online' && !order.isPaid && !!order.stripeSessionId;
}
