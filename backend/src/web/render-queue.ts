/**
 * Page renders share the process with the API: at most `concurrency` run at once, at most `queueLength` more
 * wait for a turn, and a caller gets an answer within `timeoutMs` whatever the work does (waiting included).
 * A page that cannot be rendered in time, or finds the queue full, is sent to be rendered in the browser.
 *
 * A render that outlives its time gives its turn back when the time is up: work that never settles (a broken
 * build) must not hold a turn for ever. It keeps running on its own until it settles, and its result is dropped.
 */
export type QueueOutcome<T> =
  | { outcome: 'done'; value: T }
  | { outcome: 'busy' }
  | { outcome: 'timeout' }
  | { outcome: 'failed'; error: unknown };

export class RenderQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly queueLength: number,
    readonly timeoutMs: number,
  ) {}

  /** Renders running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  run<T>(work: () => Promise<T>): Promise<QueueOutcome<T>> {
    if (this.running >= this.concurrency && this.waiting.length >= this.queueLength) {
      return Promise.resolve({ outcome: 'busy' });
    }
    return new Promise((resolve) => {
      let settled = false;
      let holding = false;
      const start = () => {
        holding = true;
        this.running += 1;
        let running: Promise<T>;
        try {
          running = work();
        } catch (error) {
          running = Promise.reject(error);
        }
        running.then(
          (value) => finish({ outcome: 'done', value }),
          (error: unknown) => finish({ outcome: 'failed', error }),
        );
      };
      const finish = (result: QueueOutcome<T>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (holding) this.release();
        else {
          const at = this.waiting.indexOf(start);
          if (at !== -1) this.waiting.splice(at, 1);
        }
        resolve(result);
      };
      const timer = setTimeout(() => finish({ outcome: 'timeout' }), this.timeoutMs);
      if (this.running < this.concurrency) start();
      else this.waiting.push(start);
    });
  }

  private release(): void {
    this.running -= 1;
    this.waiting.shift()?.();
  }
}
