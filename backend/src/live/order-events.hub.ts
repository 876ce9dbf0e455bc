import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleDestroy,
} from '@nestjs/common';
import { DATABASE_HANDLE } from '../db/database.module';
import type { DatabaseHandle } from '../db/database';
import { SESSIONS_ENDED_CHANNEL } from '../session/session.constants';
import { OrderEventsRepository, type OrderEventRow } from './order-events.repository';
import { toOrderEvent, type OrderEventView } from './order-event-view';

/** The channel the trigger on orders notifies with each new order_events id (see the migration). */
export const ORDER_EVENTS_CHANNEL = 'larder_order_events';
/**
 * How long before a moment a transaction may have taken its event (a lower id) and still be committing after it:
 * its change is sent again on catching up, after a lost listening connection and to a client reconnecting with
 * Last-Event-ID (orders' transactions take milliseconds).
 */
const IN_FLIGHT_SECONDS = 30;

/** How far back a reconnecting stream's Last-Event-ID is honoured, and how long events are kept. */
export const ORDER_EVENTS_REPLAY_SECONDS = 5 * 60;
/** Open streams one session may hold on a replica: opening one more ends its oldest (a forgotten tab). */
export const ORDER_STREAMS_PER_SESSION = 3;
/**
 * Open streams one client address may hold on a replica, whatever its sessions: beyond it the stream is refused
 * (429), so no one client can use up the connections every other visitor's pages need.
 */
export const ORDER_STREAMS_PER_ADDRESS = 20;
/** How often each replica removes events older than the replay window. */
const PURGE_INTERVAL_MS = 60_000;
/** After reading events failed (the database away for a moment), the wait before reading what was missed. */
export const ORDER_EVENTS_RETRY_READ_MS = 1000;

/** One open stream, as the hub sees it. */
export interface OrderEventWatcher {
  /** The customer whose orders it shows; undefined for the seller, who sees every order. */
  readonly userId?: string;
  /** The session that opened it, and the client's address. */
  readonly sessionId?: string;
  readonly address?: string;
  send(eventId: number, view: OrderEventView): void;
  /** Ends the stream (the application is shutting down). */
  close(): void;
}

/** An event to send: its id (the SSE id) and the order as it is now. */
export interface OrderEvent {
  eventId: number;
  userId: string | null;
  view: OrderEventView;
}

function toEvent(row: OrderEventRow): OrderEvent {
  return { eventId: row.eventId, userId: row.userId, view: toOrderEvent(row) };
}

/** Whether a watcher may see an order of this customer. */
export function concerns(watcher: Pick<OrderEventWatcher, 'userId'>, userId: string | null): boolean {
  return watcher.userId === undefined || watcher.userId === userId;
}

/**
 * Passes order changes to this process's open streams, whichever replica made them. The trigger on orders
 * notifies ORDER_EVENTS_CHANNEL with each event's id at commit (in process on PGlite, on the listening
 * connection on a server); the hub then reads those events with their orders' current state, one read per burst,
 * and only while some stream is open. After the listening connection was lost and is back, the orders changed
 * meanwhile are sent again from order_events.
 */
@Injectable()
export class OrderEventsHub implements OnApplicationBootstrap, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger('OrderEventsHub');
  private readonly watchers = new Set<OrderEventWatcher>();
  /** The open streams of each session, oldest first, and how many each address holds. */
  private readonly bySession = new Map<string, OrderEventWatcher[]>();
  private readonly byAddress = new Map<string, number>();
  private readonly pending = new Set<number>();
  private draining?: Promise<void>;
  /** The newest event id this process was told of. */
  private newestSeen = 0;
  /** Set when reading the notified events failed: events after this id may not have been sent. */
  private missedAfter?: number;
  /** When the listening connection was lost (unset once caught up): notifications since then reached nobody. */
  private lostAt?: number;
  /** Whether the listening connection is up: while it is not, notifications reach nobody. */
  private listening = false;
  private retryTimer?: NodeJS.Timeout;
  private listenedBefore = false;
  private unsubscribe?: () => Promise<void>;
  private unsubscribeSessions?: () => Promise<void>;
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly repository: OrderEventsRepository,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = await this.database.subscribe(ORDER_EVENTS_CHANNEL, {
      onNotify: (payload) => this.notified(payload),
      onSubscribed: () => {
        this.listening = true;
        if (this.listenedBefore) this.catchUp();
        this.listenedBefore = true;
      },
      onLost: () => {
        this.listening = false;
        this.lostAt ??= Date.now();
        this.logger.warn('Lost the order notifications; reconnecting');
      },
    });
    // Sign-out and account deletion on any replica end that session's streams here at once.
    this.unsubscribeSessions = await this.database.subscribe(SESSIONS_ENDED_CHANNEL, {
      onNotify: (payload) => this.sessionEnded(payload),
      onSubscribed: () => undefined,
      onLost: () => undefined,
    });
    this.purgeTimer = setInterval(() => {
      this.repository
        .purgeOlderThan(ORDER_EVENTS_REPLAY_SECONDS)
        .catch((err: unknown) => this.logger.warn(`Purging old order events failed: ${String(err)}`));
    }, PURGE_INTERVAL_MS);
    this.purgeTimer.unref();
  }

  /** Open streams end before the HTTP server closes (it waits for open connections). */
  onModuleDestroy(): void {
    for (const watcher of [...this.watchers]) watcher.close();
    this.watchers.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.unsubscribeSessions?.();
    this.unsubscribeSessions = undefined;
    await this.draining;
  }

  /** How many streams the address holds open on this replica. */
  openFrom(address: string): number {
    return this.byAddress.get(address) ?? 0;
  }

  /**
   * Starts passing events to the watcher, ending the oldest streams of its session beyond
   * ORDER_STREAMS_PER_SESSION; returns the function that stops it.
   */
  watch(watcher: OrderEventWatcher): () => void {
    this.watchers.add(watcher);
    const { sessionId, address } = watcher;
    if (address !== undefined) this.byAddress.set(address, this.openFrom(address) + 1);
    if (sessionId !== undefined) {
      const own = this.bySession.get(sessionId) ?? [];
      own.push(watcher);
      this.bySession.set(sessionId, own);
      for (const oldest of own.slice(0, Math.max(0, own.length - ORDER_STREAMS_PER_SESSION))) oldest.close();
    }
    return () => this.unwatch(watcher);
  }

  private unwatch(watcher: OrderEventWatcher): void {
    if (!this.watchers.delete(watcher)) return;
    const { sessionId, address } = watcher;
    if (address !== undefined) {
      const left = this.openFrom(address) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    }
    if (sessionId !== undefined) {
      const own = (this.bySession.get(sessionId) ?? []).filter((w) => w !== watcher);
      if (own.length > 0) this.bySession.set(sessionId, own);
      else this.bySession.delete(sessionId);
    }
  }

  /** `session:<id>` or `user:<id>` (see SessionRepository.announceEnded): their streams end now. */
  private sessionEnded(payload: string): void {
    const [kind, id] = payload.split(':');
    const ending =
      kind === 'session'
        ? [...(this.bySession.get(id) ?? [])]
        : kind === 'user'
          ? [...this.watchers].filter((w) => w.userId === id)
          : [];
    for (const watcher of ending) watcher.close();
  }

  /**
   * The orders the watcher may see that changed after event `afterId` (within the replay window), each once as
   * it is now, oldest change first. Changes that took a lower id up to IN_FLIGHT_SECONDS before that event are
   * sent again: one of them may have committed after the client was sent `afterId`, while it was away.
   */
  async replay(afterId: number, userId?: string): Promise<OrderEvent[]> {
    const rows = await this.repository.changedSince(afterId, ORDER_EVENTS_REPLAY_SECONDS, {
      userId,
      inFlightSeconds: IN_FLIGHT_SECONDS,
    });
    // Sent again under `afterId` at least, so the client's Last-Event-ID never moves back.
    return rows.map((row) => toEvent({ ...row, eventId: Math.max(row.eventId, afterId) }));
  }

  private notified(payload: string): void {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || id <= 0) return;
    if (id > this.newestSeen) this.newestSeen = id;
    // Nobody is watching on this replica: nothing to read.
    if (this.watchers.size === 0) return;
    this.pending.add(id);
    this.drain();
  }

  /** Reads the pending events (all that arrived meanwhile in one query) until none are left. */
  private drain(): void {
    if (this.draining) return;
    this.draining = (async () => {
      while (this.pending.size > 0) {
        const ids = [...this.pending];
        this.pending.clear();
        try {
          this.dispatch((await this.repository.read(ids)).map(toEvent));
        } catch (err) {
          // Those events are read again, with anything else missed, once the database answers.
          this.missedBefore(Math.min(...ids));
          this.logger.error(`Reading order events failed: ${String(err)}`);
        }
      }
    })().finally(() => {
      this.draining = undefined;
    });
  }

  /**
   * Notifications sent while not listening are lost, and so are the events a failed read did not get: send again
   * what changed since. After a lost connection that is every order changed from IN_FLIGHT_SECONDS before the
   * loss, whatever its event id: a transaction takes its event id when it writes and may commit after a newer one
   * was announced, so "after the newest id seen" would skip it. After a failed read it is every event after the
   * oldest missed one (the notifications still arrive). A failed catch-up is tried again. While the listening
   * connection is down, nothing is caught up: what commits until it is back would be missed again, so the
   * catch-up waits for it (onSubscribed), and then covers the failed reads as well.
   */
  private catchUp(): void {
    if (!this.listening) return;
    const { lostAt, missedAfter } = this;
    this.lostAt = undefined;
    this.missedAfter = undefined;
    if (this.watchers.size === 0) return;
    const afterId = lostAt !== undefined ? 0 : (missedAfter ?? this.newestSeen);
    const withinSeconds =
      lostAt !== undefined && missedAfter === undefined
        ? Math.min(ORDER_EVENTS_REPLAY_SECONDS, Math.ceil((Date.now() - lostAt) / 1000) + IN_FLIGHT_SECONDS)
        : ORDER_EVENTS_REPLAY_SECONDS;
    this.repository
      .changedSince(afterId, withinSeconds)
      .then((rows) => this.dispatch(rows.map(toEvent)))
      .catch((err: unknown) => {
        if (lostAt !== undefined) this.lostAt ??= lostAt;
        this.missedBefore(afterId + 1);
        this.logger.error(`Catching up on order events failed: ${String(err)}`);
      });
  }

  /** Event `eventId` and those after it may not have been sent: read them again in a moment. */
  private missedBefore(eventId: number): void {
    this.missedAfter = Math.min(this.missedAfter ?? eventId - 1, eventId - 1);
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.catchUp();
    }, ORDER_EVENTS_RETRY_READ_MS);
    this.retryTimer.unref();
  }

  private dispatch(events: OrderEvent[]): void {
    for (const event of events) {
      if (event.eventId > this.newestSeen) this.newestSeen = event.eventId;
      for (const watcher of this.watchers) {
        if (concerns(watcher, event.userId)) watcher.send(event.eventId, event.view);
      }
    }
  }
}
