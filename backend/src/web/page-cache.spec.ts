import zlib from 'node:zlib';
import { CachedPage, PageCache, preparePage } from './page-cache';
import { RenderQueue } from './render-queue';

/** A page of exactly `bytes` bytes in all (HTML and both compressed forms). */
function pageOf(bytes: number): CachedPage {
  return new CachedPage(Buffer.alloc(bytes - 2, 'a'), Buffer.alloc(1), Buffer.alloc(1), '"x"');
}

describe('PageCache', () => {
  it('keeps pages within its bound in bytes, dropping the least recently used first', () => {
    const cache = new PageCache(1000);
    cache.set('/a', pageOf(300)); // 302 bytes with its key
    cache.set('/b', pageOf(300));
    cache.set('/c', pageOf(300));
    expect(cache.bytes).toBe(906);
    expect(cache.get('/a')).toBeDefined(); // now the most recently used

    cache.set('/d', pageOf(300));
    expect(cache.has('/b')).toBe(false);
    expect([cache.has('/a'), cache.has('/c'), cache.has('/d')]).toEqual([true, true, true]);
    expect(cache.bytes).toBe(906);

    // Walking many pages never holds more than the bound.
    for (let i = 0; i < 500; i += 1) {
      cache.set(`/products/p/${i}`, pageOf(150 + (i % 7) * 40));
      expect(cache.bytes).toBeLessThanOrEqual(1000);
    }
    expect(cache.has('/products/p/499')).toBe(true);
    expect(cache.has('/a')).toBe(false);
  });

  it('keeps no page larger than its bound, and none at all with a bound of 0', () => {
    const cache = new PageCache(1000);
    cache.set('/small', pageOf(500));
    cache.set('/huge', pageOf(2000));
    expect(cache.has('/huge')).toBe(false);
    expect(cache.has('/small')).toBe(true);

    const off = new PageCache(0);
    off.set('/small', pageOf(10));
    expect(off.size).toBe(0);
  });

  it('counts a page again when it is replaced, and forgets everything on clear', () => {
    const cache = new PageCache(1000);
    cache.set('/a', pageOf(300));
    cache.set('/a', pageOf(400));
    expect(cache.bytes).toBe(402);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('prepares a page once: its bytes, a strong ETag, and gzip and brotli forms of the same HTML', async () => {
    const html = `<!doctype html><html><body>${'<p>Fresh bread £1.20</p>'.repeat(200)}</body></html>`;
    const page = await preparePage(html);
    expect(page.body(undefined).toString('utf8')).toBe(html);
    expect(zlib.gunzipSync(page.body('gzip')).toString('utf8')).toBe(html);
    expect(zlib.brotliDecompressSync(page.body('br')).toString('utf8')).toBe(html);
    expect(page.body('br').length).toBeLessThan(page.html.length / 10);
    expect(page.etag).toMatch(/^"[\w-]{27}"$/);
    expect((await preparePage(html)).etag).toBe(page.etag);
    expect((await preparePage(html + ' ')).etag).not.toBe(page.etag);
  });
});

describe('RenderQueue', () => {
  /** Work that finishes when `finish` is called. */
  const held = () => {
    let finish!: (value: string) => void;
    const done = new Promise<string>((resolve) => (finish = resolve));
    return { work: () => done, finish };
  };

  it('runs as many renders at once as allowed, queues a few more, and turns the rest away', async () => {
    const queue = new RenderQueue(1, 1, 60_000);
    const first = held();
    const second = held();
    let secondStarted = false;
    const a = queue.run(first.work);
    const b = queue.run(() => {
      secondStarted = true;
      return second.work();
    });
    expect(await queue.run(async () => 'never')).toEqual({ outcome: 'busy' });
    expect(secondStarted).toBe(false);
    expect(queue.load).toEqual({ running: 1, waiting: 1 });

    first.finish('a');
    expect(await a).toEqual({ outcome: 'done', value: 'a' });
    expect(secondStarted).toBe(true);
    second.finish('b');
    expect(await b).toEqual({ outcome: 'done', value: 'b' });
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('answers by its own time limit when the work never settles, and gives the turn back', async () => {
    const queue = new RenderQueue(1, 0, 50);
    const never = queue.run(() => new Promise<string>(() => undefined));
    expect(await never).toEqual({ outcome: 'timeout' });
    expect(await queue.run(async () => 'next')).toEqual({ outcome: 'done', value: 'next' });
  });

  it('reports work that throws or rejects as failed, and frees its turn', async () => {
    const queue = new RenderQueue(1, 0, 60_000);
    const thrown = await queue.run(() => {
      throw new Error('broken');
    });
    expect(thrown.outcome).toBe('failed');
    expect((await queue.run(() => Promise.reject(new Error('no')))).outcome).toBe('failed');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
});
