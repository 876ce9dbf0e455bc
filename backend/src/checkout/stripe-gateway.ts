import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { APP_CONFIG, AppConfig } from '../config/app-config';

export interface CheckoutLine {
  name: string;
  /** Pence per unit. */
  unitAmount: number;
  quantity: number;
}

export interface CheckoutSessionRequest {
  orderId: string;
  customerEmail?: string;
  lines: CheckoutLine[];
  successUrl: string;
  cancelUrl: string;
}

/**
 * Stripe Checkout through the official SDK (its API base is configurable so tests can use a local stand-in).
 * The SDK is loaded on first use: a shop without card payments never holds it in memory.
 */
@Injectable()
export class StripeGateway {
  private readonly logger = new Logger(StripeGateway.name);
  private client?: Stripe;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Card payments are offered only with a secret key. */
  get enabled(): boolean {
    return !!this.config.stripeSecretKey;
  }

  /** Webhooks are accepted only when they can be verified. */
  get webhooksEnabled(): boolean {
    return this.enabled && !!this.config.stripeWebhookSecret;
  }

  async createCheckoutSession(request: CheckoutSessionRequest): Promise<{ id: string; url: string }> {
    const session = await this.stripe().checkout.sessions.create(
      {
        mode: 'payment',
        currency: 'gbp',
        client_reference_id: request.orderId,
        customer_email: request.customerEmail || undefined,
        metadata: { orderId: request.orderId },
        payment_intent_data: { metadata: { orderId: request.orderId } },
        line_items: request.lines
          .filter((line) => line.unitAmount > 0 && line.quantity > 0)
          .map((line) => ({
            quantity: line.quantity,
            price_data: { currency: 'gbp', unit_amount: line.unitAmount, product_data: { name: line.name } },
          })),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      },
      { idempotencyKey: `larder-order-${request.orderId}` },
    );
    if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    return { id: session.id, url: session.url };
  }

  /** Expires an open Checkout Session so it can no longer be paid. */
  async expireCheckoutSession(sessionId: string): Promise<void> {
    await this.stripe().checkout.sessions.expire(sessionId);
  }

  /**
   * Expires a session that no order may be paid through (`what` names the order for the log, never the
   * customer). Answers 'expired' when Stripe expired it now; 'closed' when Stripe refused because the session
   * can no longer be paid through anyway (it completed or expired before: nothing is left to do); 'failed' when
   * Stripe could not be asked (the order stays as it is, and a later payment is recorded for a refund). Never
   * throws.
   */
  async expireSessionQuietly(sessionId: string, what: string): Promise<'expired' | 'closed' | 'failed'> {
    try {
      await this.expireCheckoutSession(sessionId);
      return 'expired';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if ((err as { type?: unknown }).type === 'StripeInvalidRequestError') {
        this.logger.log(`Checkout session ${sessionId} of ${what} was no longer open: ${message}`);
        return 'closed';
      }
      this.logger.warn(`Could not expire checkout session ${sessionId} of ${what}: ${message}`);
      return 'failed';
    }
  }

  async sessionUrl(sessionId: string): Promise<string | null> {
    const session = await this.stripe().checkout.sessions.retrieve(sessionId);
    return session.url ?? null;
  }

  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  constructEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe().webhooks.constructEvent(rawBody, signature, this.config.stripeWebhookSecret ?? '');
  }

  private stripe(): Stripe {
    if (!this.client) {
      if (!this.config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is not set');
      const options: Stripe.StripeConfig = {
        maxNetworkRetries: 1,
        timeout: 20_000,
        appInfo: { name: 'Larder' },
      };
      if (this.config.stripeApiBase) {
        const base = new URL(this.config.stripeApiBase);
        options.protocol = base.protocol === 'http:' ? 'http' : 'https';
        options.host = base.hostname;
        options.port = base.port || (base.protocol === 'http:' ? 80 : 443);
      }
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
      const StripeSdk = (require('stripe') as { default: typeof Stripe }).default;
      this.client = new StripeSdk(this.config.stripeSecretKey, options);
    }
    return this.client;
  }
}
