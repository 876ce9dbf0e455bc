import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { ERROR_CODES, MESSAGES } from '@larder/shared-domain';
import { DB, Database } from '../db/database.module';
import { InvalidError, NotImplementedError } from '../common/errors';
import { CartService } from '../cart/cart.service';
import { Clock } from '../common/clock';
import { OrderBookings } from '../orders/order-bookings';
import { OrderEmails } from '../orders/order-emails';
import { CardSessionsRepository } from './card-sessions.repository';
import { StripeGateway } from './stripe-gateway';

/** Stripe's reports on Checkout Sessions: a payment marks its order paid, an expired session cancels it. */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repository: CardSessionsRepository,
    private readonly bookings: OrderBookings,
    private readonly cart: CartService,
    private readonly clock: Clock,
    private readonly stripe: StripeGateway,
    private readonly emails: OrderEmails,
  ) {}

  /** A verified Stripe event: a completed payment marks its order paid; an expired session cancels it. */
  async handle(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    if (!this.stripe.webhooksEnabled)
      throw new NotImplementedError(MESSAGES.cardPaymentsUnavailable, {
        code: ERROR_CODES.CARD_PAYMENTS_UNAVAILABLE,
      });
    if (!signature)
      throw new InvalidError(MESSAGES.missingStripeSignature, { code: ERROR_CODES.STRIPE_SIGNATURE_INVALID });
    if (!rawBody) {
      this.logger.error('The Stripe webhook arrived without its raw body: enable rawBody in the app factory');
      throw new InvalidError(MESSAGES.invalidStripeSignature, { code: ERROR_CODES.STRIPE_SIGNATURE_INVALID });
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.constructEvent(rawBody, signature);
    } catch {
      throw new InvalidError(MESSAGES.invalidStripeSignature, { code: ERROR_CODES.STRIPE_SIGNATURE_INVALID });
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
          // A payment for an order cancelled meanwhile (by the customer, the seller, or the customer deleting
          // their account: then the order has no customer any more) is recorded, as the money was taken, and
          // marked refund due by the same statement; it leaves the cart alone. The seller sees it to refund.
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
          if (cancelled) await this.bookings.giveBack(cancelled, tx);
        });
        return;
      }
      default:
        return;
    }
  }
}
