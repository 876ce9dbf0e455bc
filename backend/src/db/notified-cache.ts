import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { DatabaseHandle } from './database';

/**
 * Something read from the database and kept in memory while this process hears of every change of it: a trigger
 * notifies `channel` at commit, whichever replica wrote, and each notification makes what is kept stale. PGlite
 * delivers the notification in process before the write returns; on a PostgreSQL server one dedicated
 * connection listens (DatabaseHandle.subscribe).
 *
 * A subclass keeps its value and says how to drop it (`dropped`); it reads `generation` to tell whether a value
 * was read after the latest change (a read started before one is not kept), and `told` to know whether changes
 * reach it now: while they do not, it must not serve from memory. Others that derive something from the value
 * (rendered pages) follow it with `onChange` and `watching`.
 */
export abstract class NotifiedCache implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Bumped by every change heard of. */
  protected generation = 0;
  /** False while nothing tells this process about changes (no listener yet, or its connection is lost). */
  protected told = false;
  private readonly changeListeners = new Set<() => void>();
  private unsubscribe?: () => Promise<void>;

  protected constructor(
    protected readonly database: DatabaseHandle,
    private readonly channel: string,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = await this.database.subscribe(this.channel, {
      onNotify: () => this.invalidate(),
      // Anything sent before listening (re)started may have been missed.
      onSubscribed: () => {
        this.told = true;
        this.invalidate();
      },
      onLost: () => {
        this.told = false;
        this.lost();
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** Whether every change reaches this process now (else what was derived from the value may be stale). */
  get watching(): boolean {
    return this.told;
  }

  /** Calls `listener` on every change this process hears of; answers the way to stop. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** A change happened: what is kept is stale, and those following it are told. */
  invalidate(): void {
    this.generation += 1;
    this.dropped();
    for (const listener of this.changeListeners) listener();
  }

  /** Drops (or starts reading again) the value kept, after `generation` moved on. */
  protected abstract dropped(): void;

  /** The listening connection dropped (changes may now go unheard): by default, the value is dropped. */
  protected lost(): void {
    this.invalidate();
  }
}
