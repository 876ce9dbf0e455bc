/**
 * A stand-in for the browser's EventSource, which jsdom and Node lack: a test installs it on globalThis and then
 * plays the server's part (open, send an `order` event, fail). Test support only.
 */
import type { EventSourceLike, OrderEventData } from '../order-events';

export class FakeEventSource implements EventSourceLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => unknown) | null = null;
  onerror: ((event: Event) => unknown) | null = null;
  private readonly listeners: Array<(event: MessageEvent<string>) => void> = [];

  constructor(
    readonly url: string,
    readonly init: { withCredentials?: boolean } | undefined,
    private readonly registry: FakeEventSource[],
  ) {
    registry.push(this);
  }

  addEventListener(type: 'order', listener: (event: MessageEvent<string>) => void): void {
    if (type === 'order') this.listeners.push(listener);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  get closed(): boolean {
    return this.readyState === FakeEventSource.CLOSED;
  }

  /** The server answered: the stream is open. */
  open(): void {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sent an `order` event. */
  send(data: OrderEventData, id = '1'): void {
    const event = new MessageEvent('order', { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners) listener(event);
  }

  /** The connection dropped: the browser reconnects by itself unless `gaveUp` (e.g. the answer was a 401). */
  fail(gaveUp = false): void {
    this.readyState = gaveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }
}

/** Installs FakeEventSource as globalThis.EventSource; returns the instances made and the uninstall. */
export function installFakeEventSource(): { sources: FakeEventSource[]; uninstall(): void } {
  const sources: FakeEventSource[] = [];
  const holder = globalThis as { EventSource?: unknown };
  const previous = holder.EventSource;
  holder.EventSource = class extends FakeEventSource {
    constructor(url: string, init?: { withCredentials?: boolean }) {
      super(url, init, sources);
    }
  };
  return {
    sources,
    uninstall() {
      if (previous === undefined) delete holder.EventSource;
      else holder.EventSource = previous;
    },
  };
}
