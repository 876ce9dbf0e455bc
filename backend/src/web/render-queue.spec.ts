import { RenderQueue } from './render-queue';

/**
 * The render queue's time limit, on jest's clock: a render's time counts from when it was asked for (waiting
 * included), and a render that runs out of time gives its turn to the next one in the queue, so the queue empties
 * whatever the work does.
 */
describe('RenderQueue time limit', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** Work that never settles (a broken build), noting that it started. */
  const stuck = (started: string[], name: string) => () => {
    started.push(name);
    return new Promise<string>(() => undefined);
  };

  it('hands the turn of a render that timed out to the one waiting, which times out in its own time', async () => {
    const queue = new RenderQueue(1, 1, 1000);
    const started: string[] = [];
    const first = queue.run(stuck(started, 'first'));
    await jest.advanceTimersByTimeAsync(400);
    const second = queue.run(stuck(started, 'second'));
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    expect(await queue.run(async () => 'turned away')).toEqual({ outcome: 'busy' });

    await jest.advanceTimersByTimeAsync(600);
    expect(await first).toEqual({ outcome: 'timeout' });
    expect(started).toEqual(['first', 'second']);
    expect(queue.load).toEqual({ running: 1, waiting: 0 });

    // Asked for at 400 ms, so out of time at 1400 ms although it started at 1000 ms.
    await jest.advanceTimersByTimeAsync(399);
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
    await jest.advanceTimersByTimeAsync(1);
    expect(await second).toEqual({ outcome: 'timeout' });
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(async () => 'next')).toEqual({ outcome: 'done', value: 'next' });
  });

  it('counts a render that waited for its turn from when it was asked for', async () => {
    const queue = new RenderQueue(1, 1, 1000);
    let finishFirst!: (value: string) => void;
    const first = queue.run(() => new Promise<string>((resolve) => (finishFirst = resolve)));
    const started: string[] = [];
    const second = queue.run(stuck(started, 'second'));
    await jest.advanceTimersByTimeAsync(900);
    finishFirst('first');
    expect(await first).toEqual({ outcome: 'done', value: 'first' });
    expect(started).toEqual(['second']);
    await jest.advanceTimersByTimeAsync(100);
    expect(await second).toEqual({ outcome: 'timeout' });
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
