import type { ServerResponse } from 'node:http';
import type { OrderEventWatcher } from './order-events.hub';
import type { OrderEventView } from './order-event-view';

/** Beyond this much unsent output the client is not reading: its stream ends (it reconnects with Last-Event-ID). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** The browser's wait before reconnecting a dropped stream, in ms. */
export const ORDER_EVENTS_RETRY_MS = 5000;

export interface OrderEventStreamOptions {
  /** The customer whose orders it shows; undefined for the seller. */
  userId?: string;
  /** The session that opened it, and the client's address (for the hub's limits). */
  sessionId?: string;
  address?: string;
  heartbeatMs: number;
  /** Whether the session that opened the stream is still live (checked at each heartbeat). */
  stillSignedIn(): Promise<boolean>;
  /** Runs once when the stream ends, for whatever reason. */
  onEnd(): void;
}

/**
 * One open `text/event-stream` response, written by hand on the raw Node response: a `retry` line, then an
 * `order` event per change, and a comment line as heartbeat. At each heartbeat the session is checked (without
 * counting as activity) and the stream ends once it was revoked.
 */
export class OrderEventStream implements OrderEventWatcher {
  readonly userId?: string;
  readonly sessionId?: string;
  readonly address?: string;
  private readonly heartbeat: NodeJS.Timeout;
  private checking = false;
  private ended = false;

  constructor(
    private readonly raw: ServerResponse,
    private readonly options: OrderEventStreamOptions,
  ) {
    this.userId = options.userId;
    this.sessionId = options.sessionId;
    this.address = options.address;
    raw.on('close', () => this.finish());
    this.heartbeat = setInterval(() => this.beat(), options.heartbeatMs);
    this.write(`retry: ${ORDER_EVENTS_RETRY_MS}\n\n`);
  }

  send(eventId: number, view: OrderEventView): void {
    this.write(`id: ${eventId}\nevent: order\ndata: ${JSON.stringify(view)}\n\n`);
  }

  close(): void {
    if (!this.ended) this.raw.end();
    this.finish();
  }

  get isOpen(): boolean {
    return !this.ended;
  }

  private beat(): void {
    this.write(': heartbeat\n\n');
    if (this.checking || this.ended) return;
    this.checking = true;
    this.options
      .stillSignedIn()
      .then((live) => {
        if (!live) this.close();
      })
      // A failed check (database briefly away) keeps the stream: the next heartbeat checks again.
      .catch(() => undefined)
      .finally(() => {
        this.checking = false;
      });
  }

  private write(text: string): void {
    if (this.ended) return;
    if (this.raw.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.raw.write(text);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.options.onEnd();
  }
}
