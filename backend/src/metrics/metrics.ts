/**
 * The Prometheus metrics of one app, in a registry of its own (tests run several apps in one process), served on
 * METRICS_PORT by ./metrics-server.ts. Other modules record through the `Metrics` provider:
 *
 *   constructor(private readonly metrics: Metrics) {}
 *   this.metrics.pageCache('hit');
 *   const done = this.metrics.startPageRender(); ...; done('rendered');
 */
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { MESSAGES } from '@larder/shared-domain';
import type { Database, DatabaseHandle } from '../db/database';
import { DATABASE_HANDLE, DB } from '../db/database.module';
import { emailOutbox } from '../db/schema';

/** What became of a shop page render: rendered on the server, or the plain page (no render, or it failed). */
export type PageRenderOutcome = 'rendered' | 'fallback';
/** A lookup in the page cache: served from it, rendered afresh, or served stale/plain because rendering failed. */
export type PageCacheResult = 'hit' | 'miss' | 'fallback';
export type Payment = 'cod' | 'card';

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Why a checkout was refused, from its answer: the status and the kind of message (never the text itself). */
export function refusalReason(status: number, message: string | undefined): string {
  if (status === 401 || status === 403) return 'unauthorised';
  if (status === 429) return 'rate_limited';
  if (status === 501) return 'payments_off';
  if (status >= 500) return 'server_error';
  if (status === 409) {
    if (!message) return 'conflict';
    if (/^Sorry, .* is out of stock$/.test(message) || /^Only \d+ left of /.test(message))
      return 'out_of_stock';
    if (message === MESSAGES.slotFull) return 'slot_full';
    if (/^You can buy at most \d+ of .* in one order\.$/.test(message)) return 'per_order_limit';
    if (/^You already have \d+ orders? waiting for delivery\./.test(message)) return 'open_orders_limit';
    if (message === MESSAGES.totalsChanged) return 'totals_changed';
    return 'conflict';
  }
  if (status === 404) return 'not_found';
  if (status >= 400) return 'invalid';
  return 'other';
}

@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'larder_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  readonly ordersPlaced = new Counter({
    name: 'larder_orders_placed_total',
    help: 'Orders placed (cash on delivery) or card payments started',
    labelNames: ['payment'] as const,
    registers: [this.registry],
  });

  readonly ordersRefused = new Counter({
    name: 'larder_orders_refused_total',
    help: 'Checkouts refused, by payment and reason (out_of_stock, slot_full, totals_changed, invalid, ...)',
    labelNames: ['payment', 'reason'] as const,
    registers: [this.registry],
  });

  readonly checkoutDuration = new Histogram({
    name: 'larder_checkout_duration_seconds',
    help: 'Time to answer a checkout, by payment and outcome (placed or refused)',
    labelNames: ['payment', 'outcome'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  readonly pageRenderDuration = new Histogram({
    name: 'larder_page_render_duration_seconds',
    help: 'Time to render a shop page on the server, by outcome (rendered or fallback)',
    labelNames: ['outcome'] as const,
    buckets: SECONDS,
    registers: [this.registry],
  });

  readonly pageCacheLookups = new Counter({
    name: 'larder_page_cache_total',
    help: 'Rendered-page cache lookups, by result (hit, miss, fallback)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  private outboxSnapshot?: { at: number; value: Promise<{ backlog: number; oldest: number }> };

  constructor(
    @Inject(DB) private readonly db: Database,
    @Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle,
  ) {
    const outbox = () => this.outbox();
    new Gauge({
      name: 'larder_email_outbox_backlog',
      help: 'E-mails in the outbox not yet sent',
      registers: [this.registry],
      async collect() {
        this.set((await outbox()).backlog);
      },
    });
    new Gauge({
      name: 'larder_email_outbox_oldest_age_seconds',
      help: 'Age of the oldest unsent e-mail in the outbox (0 when none)',
      registers: [this.registry],
      async collect() {
        this.set((await outbox()).oldest);
      },
    });
    const pool = () => handle.poolStats?.();
    new Gauge({
      name: 'larder_db_pool_connections',
      help: 'Database pool connections by state (in_use, idle) and requests waiting for one (waiting)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = pool();
        if (!stats) return;
        this.set({ state: 'in_use' }, stats.total - stats.idle);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    // Process figures, event-loop lag among them (nodejs_eventloop_lag_seconds and its percentiles).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });
  }

  /** Counts a lookup in the rendered-page cache. */
  pageCache(result: PageCacheResult): void {
    this.pageCacheLookups.inc({ result });
  }

  /** Starts timing a page render; call the returned function with the outcome when it is over. */
  startPageRender(): (outcome: PageRenderOutcome) => void {
    const end = this.pageRenderDuration.startTimer();
    return (outcome) => end({ outcome });
  }

  /** Records a checkout's answer (placed on 201, otherwise refused with the reason its answer gives). */
  checkoutAnswered(payment: Payment, status: number, message: string | undefined, seconds: number): void {
    const placed = status === 201;
    this.checkoutDuration.observe({ payment, outcome: placed ? 'placed' : 'refused' }, seconds);
    if (placed) this.ordersPlaced.inc({ payment });
    else this.ordersRefused.inc({ payment, reason: refusalReason(status, message) });
  }

  /** Unsent outbox e-mails, read once per scrape (both gauges share the query). */
  private outbox(): Promise<{ backlog: number; oldest: number }> {
    const now = Date.now();
    if (!this.outboxSnapshot || now - this.outboxSnapshot.at > 1000) {
      const value = this.db
        .select({
          backlog: sql<number>`count(*)::int`,
          oldest: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8`,
        })
        .from(emailOutbox)
        .where(sql`${emailOutbox.sentAt} is null`)
        .then(([row]) => ({ backlog: Number(row.backlog), oldest: Number(row.oldest) }));
      this.outboxSnapshot = { at: now, value };
      value.catch(() => (this.outboxSnapshot = undefined));
    }
    return this.outboxSnapshot.value;
  }
}
