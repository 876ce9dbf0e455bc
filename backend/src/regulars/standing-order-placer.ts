import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import {
  DELIVERY_SLOTS,
  deliversTo,
  followingStandingDelivery,
  formatDeliveryDate,
  MESSAGES,
  orderChangeDeadline,
  orderLimitOf,
  REGULARS_MESSAGES,
  SHOP_LOCATION,
  SHOP_NAME,
  standingOrderPlaceAt,
  standingOrderSchedule,
} from '@larder/shared-domain';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Clock } from '../common/clock';
import { ConflictError } from '../common/errors';
import { redact } from '../config/redact';
import { DB, Database, DbExecutor } from '../db/database.module';
import { MailService, OutgoingMail } from '../mail/mail.service';
import { CheckoutRepository } from '../checkout/checkout.repository';
import { CheckoutService } from '../checkout/checkout.service';
import { escapeHtml } from '../orders/order-emails';
import { RegularsRepository, StandingOrderRow } from './regulars.repository';

/** How long a claimed plan is kept from other processes: far longer than placing one order takes. */
export const STANDING_ORDER_LEASE_MS = 2 * 60_000;
/** How often each process looks for plans whose order is due, at the longest (it wakes when the next falls due). */
export const STANDING_ORDER_POLL_MS = 30_000;
/** Plans placed side by side by one process. */
export const STANDING_ORDER_CONCURRENCY = 4;
/** Plans one claim takes (each loop places them one after the other). */
export const STANDING_ORDER_CLAIM_BATCH = 10;

/** What happened to one plan's delivery date. */
export type PlanOutcome = 'placed' | 'skipped' | 'missed' | 'not-placed' | 'already-placed';

export interface RunSummary {
  placed: number;
  skipped: number;
  missed: number;
  notPlaced: number;
  alreadyPlaced: number;
}

/** The slots of a day nearest to `time` first (an earlier one first when two are as near). */
export function slotsNearest(time: string): string[] {
  const at = DELIVERY_SLOTS.indexOf(time as (typeof DELIVERY_SLOTS)[number]);
  return [...DELIVERY_SLOTS]
    .map((slot, i) => ({ slot, distance: Math.abs(i - at), i }))
    .sort((a, b) => a.distance - b.distance || a.i - b.i)
    .map((s) => s.slot);
}

/**
 * The placing job of regular deliveries. Its jobs live in PostgreSQL: each plan's row says when its next order is
 * due (`place_at`, 15:00 London two days before the delivery), and any number of processes claim due rows with
 * FOR UPDATE SKIP LOCKED and a lease, place the order through the checkout (every rule of a checkout holds), and
 * move the plan on. The order is placed once per plan and date whatever happens (a key of the plan and date, and
 * a unique index): a process stopping between placing and moving on leaves a lease that ends, and the next claim
 * finds the order there. On start and every STANDING_ORDER_POLL_MS, each process places what is due and still
 * before the cut-off, and moves past what the cut-off closed meanwhile, with an e-mail.
 */
@Injectable()
export class StandingOrderPlacer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(StandingOrderPlacer.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private stopped = true;
  /** The "not placed" e-mail of a plan in hand, queued with the plan's move to its next delivery. */
  private readonly pendingMail = new Map<string, OutgoingMail>();

  constructor(
    @Inject(DB) private readonly db: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: RegularsRepository,
    private readonly checkoutContext: CheckoutRepository,
    private readonly checkout: CheckoutService,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    // Tests run the job themselves, with the clock they pinned.
    if (this.config.nodeEnv === 'test') return;
    this.stopped = false;
    this.schedule(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runDue()
        .catch((err: unknown) =>
          this.logger.error(
            `Regular deliveries round failed: ${redact(err instanceof Error ? err.message : String(err))}`,
          ),
        )
        .then(() => this.untilNextDue())
        .catch(() => STANDING_ORDER_POLL_MS)
        .then((delay) => {
          this.running = undefined;
          this.schedule(delay);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** How long until the next plan falls due: at most STANDING_ORDER_POLL_MS, so that 15:00 is met on time. */
  private async untilNextDue(): Promise<number> {
    const now = this.clock.now();
    const next = await this.repository.nextDue(now);
    if (!next) return STANDING_ORDER_POLL_MS;
    return Math.max(0, Math.min(STANDING_ORDER_POLL_MS, next.getTime() - now.getTime()));
  }

  /**
   * Handles every plan due now (or only `planId`): claims them one at a time in `concurrency` loops side by side
   * until none is left; answers what happened.
   */
  async runDue({
    planId,
    concurrency = STANDING_ORDER_CONCURRENCY,
  }: { planId?: string; concurrency?: number } = {}): Promise<RunSummary> {
    const summary: RunSummary = { placed: 0, skipped: 0, missed: 0, notPlaced: 0, alreadyPlaced: 0 };
    const loop = async () => {
      for (;;) {
        if (this.stopped && this.config.nodeEnv !== 'test' && !planId) return;
        const now = this.clock.now();
        const plans = await this.repository.claimDue(
          now,
          new Date(now.getTime() + STANDING_ORDER_LEASE_MS),
          planId,
          planId ? 1 : STANDING_ORDER_CLAIM_BATCH,
        );
        if (!plans.length) return;
        for (const [i, plan] of plans.entries()) {
          const outcome = await this.handle(plan).catch(async (err: unknown) => {
            this.pendingMail.delete(plan.id);
            // This plan and the others claimed with it go back at once.
            for (const other of plans.slice(i)) await this.repository.release(other.id);
            throw err;
          });
          if (outcome === 'placed') summary.placed++;
          else if (outcome === 'skipped') summary.skipped++;
          else if (outcome === 'missed') summary.missed++;
          else if (outcome === 'not-placed') summary.notPlaced++;
          else summary.alreadyPlaced++;
        }
        if (planId) return;
      }
    };
    await Promise.all(Array.from({ length: planId ? 1 : Math.max(1, concurrency) }, loop));
    return summary;
  }

  /** One claimed plan: its next delivery placed, skipped or missed, and the plan moved on to the one after. */
  private async handle(plan: StandingOrderRow): Promise<PlanOutcome> {
    const now = this.clock.now();
    const date = plan.nextDelivery;
    // The next date whose ordering is still open (a plan every two weeks keeps its weeks).
    let next = followingStandingDelivery(date, plan.every);
    while (orderChangeDeadline(next).getTime() <= now.getTime())
      next = followingStandingDelivery(next, plan.every);
    const moveOn = (tx: DbExecutor) =>
      this.repository.advance(
        plan.id,
        date,
        { nextDelivery: next, placeAt: standingOrderPlaceAt(next) },
        now,
        tx,
      );
    let outcome: PlanOutcome;
    if (now.getTime() >= orderChangeDeadline(date).getTime()) {
      // Ordering for the date closed before the plan was reached (the shop was down): say so.
      if (!plan.skipping && !(await this.repository.placedOrder(plan.id, date))) {
        await this.notPlaced(plan, date, REGULARS_MESSAGES.reasonMissed);
        outcome = 'missed';
      } else outcome = plan.skipping ? 'skipped' : 'already-placed';
    } else if (plan.skipping) {
      outcome = 'skipped';
    } else if (await this.repository.placedOrder(plan.id, date)) {
      // Placed before by a process that stopped before moving the plan on.
      outcome = 'already-placed';
    } else {
      // A placed order moves the plan on in its own transaction.
      outcome = await this.place(plan, date, async (tx) => {
        if (!(await moveOn(tx))) await this.repository.release(plan.id, tx);
      });
      if (outcome === 'placed') return outcome;
    }
    const mail = this.pendingMail.get(plan.id);
    this.pendingMail.delete(plan.id);
    // The e-mail goes with the move: a plan handled twice (a lease that ran out) writes it once.
    await this.db.transaction(async (tx) => {
      const moved = await moveOn(tx);
      if (moved && mail) await this.mail.enqueue(mail, tx);
      // Changed meanwhile (moved to another date by its customer): only the lease is let go.
      if (!moved) await this.repository.release(plan.id, tx);
    });
    return outcome;
  }

  /**
   * Places the plan's order for `date` as a checkout would, after fitting it to the shop as it is now: a product
   * no longer sold or out of stock is left out, a line above its stock or the limit per order is reduced (each
   * named in the e-mail), and a full slot gives way to the nearest slot of the day with places. Nothing is placed
   * (and the customer is told) when the address is no longer delivered to, the customer holds the most open
   * orders allowed, nothing is left, or every slot is full.
   */
  private async place(
    plan: StandingOrderRow,
    date: string,
    stored: (tx: DbExecutor) => Promise<void>,
    attempt = 1,
  ): Promise<PlanOutcome> {
    const lines = await this.repository.linesWithProducts(plan.id);
    const context = await this.checkoutContext.context(
      plan.userId,
      plan.addressId,
      lines.map((l) => l.productId),
      this.clock.now(),
    );
    const address = context.address;
    if (!address || !deliversTo(address.postalCode, address.city, context.deliveryAreas)) {
      await this.notPlaced(plan, date, REGULARS_MESSAGES.reasonAddress);
      return 'not-placed';
    }
    if (context.openOrders >= context.maxOpenOrders) {
      await this.notPlaced(plan, date, REGULARS_MESSAGES.reasonOpenOrders(context.maxOpenOrders));
      return 'not-placed';
    }
    const byId = new Map(context.products.map((p) => [p.id, p]));
    const items: { product: string; quantity: number; allowSubstitutes: boolean }[] = [];
    const left: string[] = [];
    for (const line of lines) {
      const product = byId.get(line.productId);
      if (!product || product.deleted || !product.listed) {
        left.push(`${line.product.name} (no longer sold)`);
        continue;
      }
      if (product.ageRestricted && !plan.ageConfirmed) {
        left.push(`${product.name} (18+: confirm your age on the regular delivery)`);
        continue;
      }
      let quantity = line.quantity;
      const limit = orderLimitOf(product.maxPerOrder, context.maxPerProduct);
      if (limit !== null && quantity > limit) {
        left.push(`${product.name}: ${limit} instead of ${quantity} (limit per order)`);
        quantity = limit;
      }
      if (product.stock !== null && product.stock < quantity) {
        if (product.stock <= 0) {
          left.push(`${product.name} (out of stock)`);
          continue;
        }
        left.push(`${product.name}: ${product.stock} instead of ${quantity} (only ${product.stock} left)`);
        quantity = product.stock;
      }
      items.push({ product: product.id, quantity, allowSubstitutes: line.allowSubstitutes });
    }
    if (!items.length) {
      await this.notPlaced(plan, date, REGULARS_MESSAGES.reasonNothingAvailable);
      return 'not-placed';
    }
    const notes = [REGULARS_MESSAGES.placedFromPlan(standingOrderSchedule(plan.weekday, plan.every))];
    if (left.length) notes.push(REGULARS_MESSAGES.notIncluded(left));
    for (const time of slotsNearest(plan.deliveryTime)) {
      const moved =
        time === plan.deliveryTime ? [] : [REGULARS_MESSAGES.slotMoved(plan.deliveryTime, `${time}`)];
      try {
        const id = await this.checkout.placeStandingOrder(
          plan.userId,
          {
            items,
            address: plan.addressId,
            deliverySlot: { date, time },
            ageConfirmed: plan.ageConfirmed,
          },
          plan.id,
          [...notes, ...moved],
          stored,
        );
        return id ? 'placed' : 'already-placed';
      } catch (err) {
        if (!(err instanceof ConflictError)) throw err;
        if (err.message === MESSAGES.slotFull) continue;
        if (err.message === MESSAGES.deliveryDateUnavailable) {
          await this.notPlaced(plan, date, REGULARS_MESSAGES.reasonMissed);
          return 'missed';
        }
        // The stock or the catalogue moved since it was read: fit the order again, once.
        if (attempt < 3) return this.place(plan, date, stored, attempt + 1);
        throw err;
      }
    }
    await this.notPlaced(plan, date, REGULARS_MESSAGES.reasonSlotsFull);
    return 'not-placed';
  }

  /** The e-mail saying that the plan's order for `date` was not placed, and why. */
  private async notPlaced(plan: StandingOrderRow, date: string, reason: string): Promise<void> {
    this.logger.log(`Regular delivery ${plan.id}: no order for ${date} (${reason})`);
    this.pendingMail.delete(plan.id);
    if (!this.mail.enabled) return;
    const context = await this.checkoutContext.context(plan.userId, null, [], this.clock.now());
    const recipient = context.contact?.email;
    if (!recipient) return;
    const paragraphs = [
      context.contact?.name ? `Hello ${context.contact.name},` : 'Hello,',
      REGULARS_MESSAGES.notPlaced(date, reason),
      `Your regular delivery (${standingOrderSchedule(plan.weekday, plan.every)}) carries on: you can change it, ` +
        `skip a delivery or cancel it in My account, Regular deliveries.`,
    ];
    const subject = `${REGULARS_MESSAGES.notPlacedSubject}: ${formatDeliveryDate(date)}`;
    const footer = `${SHOP_NAME}, ${SHOP_LOCATION}`;
    this.pendingMail.set(plan.id, {
      kind: 'standing-order-not-placed',
      orderId: null,
      recipient,
      subject,
      textBody: `${paragraphs.join('\n\n')}\n\n--\n${footer}\n`,
      htmlBody:
        '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
        `<title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,sans-serif;color:#222">` +
        paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n') +
        `<hr><p style="color:#555;font-size:13px">${escapeHtml(footer)}</p></body></html>`,
    });
  }
}
