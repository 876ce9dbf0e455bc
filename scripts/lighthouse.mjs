#!/usr/bin/env node
/*
 * `npm run lighthouse`: Lighthouse on the built shop, started here on a free port (backend/dist/app/main.js with a
 * throw-away seeded database, serving host-shell/dist, storefront/dist and seller-portal/dist).
 * Run `npm run build` first.
 *
 * Pages: home, a category page and a product page with Lighthouse's mobile defaults (simulated slow 4G and
 * a 4x slower CPU), and home with the desktop preset. For each it prints performance, LCP, TBT, CLS,
 * the JavaScript the page downloaded (transfer bytes of script resources, in the encoding the browser asked for:
 * brotli from this shop, as on a phone), the main thread's busy time during the load
 * (Lighthouse's mainthread-work-breakdown; by kind of work in --json), accessibility and SEO (with the SEO audits
 * that failed, by id), and the elements that moved when the layout shifted. For a mobile page whose LCP is over
 * the 2.0 s goal it also names what the simulation counted for it (see lcpCounted).
 *
 * Options:
 *   --url=<origin>   measure a shop that is already running
 *   --runs=<n>       run each page n times and print the median run (by performance score); default 1
 *   --json           print the figures as JSON
 *   --only=<label>   measure only the pages whose label contains this text (e.g. --only=mobile)
 *   --gzip           tell the browser to accept gzip only (JS figures comparable with `npm run size`, and with a
 *                    server that has no brotli); without it the browser asks as it always does (br, gzip, ...)
 *   --devtools       slow the browser itself down while the page loads (a phone's slow 4G and 4x slower CPU,
 *                    through the DevTools protocol) instead of simulating the load afterwards: the figures are what
 *                    that load saw, not a model of it, and do not turn on what finished before the first paint
 *                    (see lcpCounted). The desktop preset names no network to slow down to: desktop runs unthrottled.
 *   --signed-in      measure the pages only a signed-in customer sees instead (the basket, favourites, My orders,
 *                    the usuals), as a customer signed in for the run with a basket, favourites and an order
 *                    (lib/signed-in-customer.mjs), their session cookie sent with every request. Besides
 *                    Lighthouse's figures (FCP added) it prints when each page showed its frame, its skeleton and
 *                    its content on a slowed-down phone, on a first visit, just after the shop's home page seen
 *                    as a visitor, and on a repeat visit (lib/content-timing.mjs). The home page as a visitor
 *                    sees it is measured beside them, for reference.
 *   --keep=<dir>     copy the current build (the four dist folders) to <dir>, inside the repository (e.g.
 *                    .measure/before), and stop: the "before" of a change, to measure beside its "after"
 *   --before=<dir>   measure a build kept with --keep as well, side by side with the current one in this run
 *                    (each page alternately on both, every run), and print the ratio after/before
 * Chromium: CHROME_PATH (default /usr/bin/chromium).
 */
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import * as chromeLauncher from 'chrome-launcher';
import path from 'node:path';
import { buildIn, keepBuild, productPath, startBackend } from './lib/built-shop.mjs';
import { ContentTimer, VISITS } from './lib/content-timing.mjs';
import { signedInCustomer } from './lib/signed-in-customer.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) =>
  args
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Lighthouse sometimes loses a trace (NO_NAVSTART, NO_FCP on a busy machine): such a run is run again. */
const RETRIED_ERRORS = /\b(NO_NAVSTART|NO_FCP|NO_LCP)\b/;

/** The LCP goal of a mobile page, in ms. */
const LCP_GOAL_MS = 2000;

/**
 * The requests Lighthouse's simulation (Lantern) counted for the LCP of the page audited last. Lantern replays
 * the unthrottled load on a slow network: its pessimistic estimate counts every request that had finished
 * before the page's largest paint in that load, less the scripts it saw run after that paint (it drops tasks
 * under 10 ms, so it never sees a webpack chunk run: a chunk's own run only registers its modules); its
 * optimistic one the same less the pictures of low priority; the LCP is the mean of the two. On a fast machine
 * most requests finish within the first 50-150 ms, so whether the paint came before or after them decides
 * between an LCP of about 1 s and one of about 2.4 s for the same page. Undefined when this Lighthouse has no
 * Lantern to look into.
 */
let lcpCounted;

function recordLcpCounted() {
  const metric = Lantern.Metrics?.LargestContentfulPaint;
  if (typeof metric?.compute !== 'function') return;
  const compute = metric.compute;
  const requestsOf = (graph) => {
    const requests = [];
    graph?.traverse((node) => {
      if (node.type === 'network') {
        const { url, priority, transferSize } = node.request;
        requests.push({ url, priority, transferSize });
      }
    });
    return requests;
  };
  metric.compute = function computeAndRecord(...args) {
    const result = compute.apply(this, args);
    Promise.resolve(result)
      .then((r) => {
        lcpCounted = {
          optimisticMs: r.optimisticEstimate?.timeInMs,
          pessimisticMs: r.pessimisticEstimate?.timeInMs,
          pessimistic: requestsOf(r.pessimisticGraph),
          optimistic: requestsOf(r.optimisticGraph),
        };
      })
      .catch(() => undefined);
    return result;
  };
}
recordLcpCounted();

async function auditWithRetry(port, url, desktop, cookie, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(port, url, desktop, cookie);
    } catch (error) {
      if (attempt >= attempts || !RETRIED_ERRORS.test(String(error?.message))) throw error;
      process.stderr.write(`${String(error.message).split(' Something')[0]}: running it again\n`);
    }
  }
}

function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

async function audit(port, url, desktop, cookie) {
  // --gzip: transfer sizes in gzip whatever the server could send, so figures compare with `npm run size`.
  const extraHeaders = {
    ...(flag('gzip') ? { 'Accept-Encoding': 'gzip' } : {}),
    ...(cookie ? { Cookie: cookie } : {}),
  };
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
    ...(Object.keys(extraHeaders).length ? { extraHeaders } : {}),
    ...(flag('devtools') ? { throttlingMethod: 'devtools' } : {}),
  };
  lcpCounted = undefined;
  const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
  const lhr = result.lhr;
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const lcpBreakdown = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
  const js = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((total, r) => total + (r.transferSize ?? 0), 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    js,
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
    seoFailed: (lhr.categories.seo?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
    scripts: requests
      .filter((r) => r.resourceType === 'Script')
      .map((r) => ({ url: r.url, transferSize: r.transferSize, resourceSize: r.resourceSize })),
    // Lighthouse 13 names the LCP element and its subparts (TTFB, load delay, load, render delay) here.
    lcpElement: lcpBreakdown.find((item) => item.type === 'node')?.snippet,
    lcpSubparts: lcpBreakdown
      .find((item) => item.type === 'table')
      ?.items?.map((part) => ({ subpart: part.subpart, ms: Math.round(part.duration) })),
    // The unthrottled load's own first paint and LCP, which the simulated figures are computed from.
    observedFcp: observed.observedFirstContentfulPaint,
    observedLcp: observed.observedLargestContentfulPaint,
    lcpCounted,
    longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({
      url: t.url,
      startTime: Math.round(t.startTime),
      duration: Math.round(t.duration),
    })),
    bootup: (lhr.audits['bootup-time']?.details?.items ?? []).map((b) => ({
      url: b.url,
      total: Math.round(b.total),
      scripting: Math.round(b.scripting),
      parse: Math.round(b.scriptParseCompile),
    })),
    // Main-thread time of the load by kind of work (style/layout, script evaluation, parsing...), in ms.
    mainThread: Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0),
    mainThreadByGroup: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
    // The elements that moved (each shift's score, and its likely causes when Lighthouse names them).
    layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).map((shift) => ({
      element: shift.node?.snippet,
      selector: shift.node?.selector,
      score: shift.score,
      causes: (shift.subItems?.items ?? []).map((item) =>
        [item.cause, item.extra?.snippet ?? item.extra?.value].filter(Boolean).join(': '),
      ),
    })),
    warnings: lhr.runWarnings ?? [],
    // Lighthouse's measure of how fast this machine's CPU was during the run (higher is faster). TBT follows it:
    // on a shared machine it moves from minute to minute, and with it the simulated long tasks.
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

/**
 * The pages only a signed-in customer sees, each with the selector of its content (not its skeleton), and the
 * home page as a visitor sees it (a page kept for everyone), measured the same way for reference.
 */
const SIGNED_IN_PAGES = [
  {
    label: 'home as a visitor (mobile)',
    path: '/',
    desktop: false,
    visitor: true,
    content: 'main [data-testid="product-card"]',
  },
  { label: 'basket (mobile)', path: '/cart', desktop: false, content: '[data-testid="cart-units"]' },
  {
    label: 'favourites (mobile)',
    path: '/favourites',
    desktop: false,
    content: 'main [data-testid="product-card"]',
  },
  {
    label: 'my orders (mobile)',
    path: '/my-orders',
    desktop: false,
    content: 'main ul[aria-label="Orders"] > li',
  },
  { label: 'usuals (mobile)', path: '/usuals', desktop: false, content: '[data-testid="usual-line"]' },
  { label: 'basket (desktop)', path: '/cart', desktop: true, content: '[data-testid="cart-units"]' },
];

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : undefined;
};

/** Starts the shops to measure: this checkout's build, and with --before the kept one too. */
async function startShops() {
  const url = option('url');
  if (url) return [{ name: 'now', origin: new URL(url).origin, stop: async () => undefined }];
  const builds = [];
  if (option('before')) builds.push({ name: 'before', build: buildIn(path.resolve(option('before'))) });
  builds.push({ name: option('before') ? 'after' : 'now', build: buildIn() });
  const shops = [];
  try {
    for (const { name, build } of builds) shops.push({ name, ...(await startBackend(build)) });
  } catch (error) {
    await Promise.all(shops.map((shop) => shop.stop()));
    throw error;
  }
  return shops;
}

async function main() {
  if (option('keep')) {
    console.log(`The current build is kept in ${keepBuild(option('keep'))}`);
    return;
  }
  const runs = Math.max(1, Number(option('runs') ?? 1));
  const signedIn = flag('signed-in');
  const shops = await startShops();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const timer = signedIn ? new ContentTimer({ executablePath: CHROME_PATH, args: CHROME_FLAGS }) : undefined;
  // Interrupted: stop the browsers and the shops this run started before leaving.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      chrome.kill();
      Promise.all([timer?.stop(), ...shops.map((shop) => shop.stop())]).finally(() => process.exit(130));
    });
  }
  const rows = [];
  try {
    await timer?.start();
    for (const shop of shops) {
      if (signedIn) {
        shop.cookie = (await signedInCustomer(shop.origin)).cookie;
        continue;
      }
      shop.product = (await productPath(shop.origin)) ?? '/products';
    }
    const publicPages = (shop) => [
      { label: 'home (mobile)', path: '/', desktop: false },
      { label: 'category (mobile)', path: shop.product.split('/').slice(0, 3).join('/'), desktop: false },
      { label: 'product (mobile)', path: shop.product, desktop: false },
      { label: 'home (desktop)', path: '/', desktop: true },
    ];
    const pages = (signedIn ? SIGNED_IN_PAGES : publicPages(shops[0])).filter(
      (p) => !option('only') || p.label.includes(option('only')),
    );
    for (const [index, page] of pages.entries()) {
      const results = new Map(shops.map((shop) => [shop, { audits: [], timings: [] }]));
      // Each run measures the page on every shop in turn, so a busier minute of the machine falls on both.
      for (let i = 0; i < runs; i += 1) {
        for (const shop of shops) {
          const pagePath = signedIn ? page.path : publicPages(shop)[index].path;
          const url = shop.origin + pagePath;
          const result = results.get(shop);
          const cookie = page.visitor ? undefined : shop.cookie;
          result.audits.push(await auditWithRetry(chrome.port, url, page.desktop, cookie));
          if (timer && !page.desktop)
            result.timings.push(await timer.measure(url, { cookie, content: page.content }));
        }
      }
      for (const shop of shops) {
        const { audits, timings } = results.get(shop);
        const speeds = audits.map((r) => r.benchmarkIndex).filter((b) => typeof b === 'number');
        const seen = (visit, what) => median(timings.map((t) => t[visit]?.[what]));
        rows.push({
          ...page,
          path: signedIn ? page.path : publicPages(shop)[index].path,
          build: shop.name,
          ...medianRun(audits),
          benchmarkIndexes: speeds.map(Math.round),
          ...(timings.length
            ? {
                seen: Object.fromEntries(
                  VISITS.filter((visit) => timings.some((t) => t[visit])).map((visit) => [
                    visit,
                    Object.fromEntries(
                      ['fcp', 'frame', 'skeleton', 'content'].map((what) => [what, seen(visit, what)]),
                    ),
                  ]),
                ),
              }
            : {}),
        });
      }
      process.stderr.write(`measured ${page.label}\n`);
    }
  } finally {
    await chrome.kill();
    await timer?.stop();
    await Promise.all(shops.map((shop) => shop.stop()));
  }

  if (flag('json')) {
    console.log(JSON.stringify(rows, null, 2));
    return;
  }
  const compared = shops.length > 1;
  const header = [
    'page',
    ...(compared ? ['build'] : []),
    'perf',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    flag('gzip') ? 'JS (gzip)' : 'JS',
    'main thread',
    'a11y',
    'SEO',
  ];
  const table = rows.map((r) => [
    `${r.label} ${r.path}`.slice(0, 60),
    ...(compared ? [r.build] : []),
    String(r.performance),
    `${(r.fcp / 1000).toFixed(2)} s`,
    `${(r.lcp / 1000).toFixed(2)} s`,
    `${Math.round(r.tbt)} ms`,
    r.cls.toFixed(3),
    `${(r.js / 1024).toFixed(1)} KB`,
    `${r.mainThread} ms`,
    String(r.accessibility),
    String(r.seo),
  ]);
  printTable(header, table);
  console.log(
    `\nLighthouse ${'13'} on ${option('url') ?? 'the built shop'}` +
      `${signedIn ? ', as a signed-in customer' : ''}` +
      `${flag('devtools') ? ', the browser slowed down while loading (--devtools)' : ''}` +
      `${runs > 1 ? `, median of ${runs} runs` : ''}.`,
  );
  const seenRows = rows.filter((r) => r.seen);
  if (seenRows.length) {
    console.log(
      '\nWhen the page showed what (ms from navigation, median; a phone slowed down as Lighthouse slows it, on a\n' +
        'first visit, a signed-in page just after the shop\'s home page as a visitor ("after shop"), and a repeat\n' +
        'visit, then a repeat visit at full speed):\n',
    );
    const ms = (value) => (value === undefined ? '-' : `${Math.round(value)} ms`);
    printTable(
      ['page', ...(compared ? ['build'] : []), 'visit', 'first paint', 'frame', 'skeleton', 'content'],
      seenRows.flatMap((r) =>
        VISITS.filter((visit) => r.seen[visit]).map((visit) => [
          `${r.label} ${r.path}`.slice(0, 60),
          ...(compared ? [r.build] : []),
          visit,
          ms(r.seen[visit].fcp),
          ms(r.seen[visit].frame),
          ms(r.seen[visit].skeleton),
          ms(r.seen[visit].content),
        ]),
      ),
    );
  }
  if (compared) {
    console.log('\nAfter / before (below 1: faster now):\n');
    const ratio = (after, before) =>
      typeof after === 'number' && typeof before === 'number' && before > 0
        ? (after / before).toFixed(2)
        : '-';
    const pairs = [];
    for (let i = 0; i < rows.length; i += shops.length) pairs.push([rows[i], rows[i + shops.length - 1]]);
    printTable(
      ['page', 'FCP', 'LCP', ...(seenRows.length ? VISITS.map((visit) => `content (${visit})`) : [])],
      pairs.map(([before, after]) => [
        `${after.label} ${after.path}`.slice(0, 60),
        ratio(after.fcp, before.fcp),
        ratio(after.lcp, before.lcp),
        ...(seenRows.length
          ? VISITS.map((visit) => ratio(after.seen?.[visit]?.content, before.seen?.[visit]?.content))
          : []),
      ]),
    );
  }
  const speeds = rows.flatMap((r) => r.benchmarkIndexes);
  if (speeds.length)
    console.log(
      `\nLighthouse's CPU benchmark over these runs (higher is faster): ${Math.min(...speeds)}-${Math.max(...speeds)}`,
    );
  for (const r of rows) for (const w of r.warnings) console.log(`  ${r.label}: ${w}`);
  for (const r of rows)
    for (const shift of r.layoutShifts)
      console.log(
        `  ${r.label}${compared ? ` (${r.build})` : ''}: layout shift ${shift.score.toPrecision(2)} of ` +
          `${shift.selector ?? shift.element}` +
          (shift.causes.length ? ` (${shift.causes.join('; ')})` : ''),
      );
  for (const r of rows)
    if (r.seoFailed.length && !signedIn)
      console.log(`  ${r.label}: SEO audits failed: ${r.seoFailed.join(', ')}`);
  for (const r of rows) {
    if (r.desktop || r.lcp <= LCP_GOAL_MS || !r.lcpCounted) continue;
    const kinds = {};
    let bytes = 0;
    for (const request of r.lcpCounted.pessimistic) {
      const kind = /\.js(\?|$)/.test(request.url)
        ? 'scripts'
        : /\/uploads\//.test(request.url)
          ? 'pictures'
          : 'other';
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      bytes += request.transferSize ?? 0;
    }
    const counted = Object.entries(kinds).map(([kind, n]) => `${n} ${kind}`);
    counted.push(`${(bytes / 1024).toFixed(1)} KB`);
    console.log(
      `  ${r.label}${compared ? ` (${r.build})` : ''}: LCP simulated from ${r.lcpCounted.pessimistic.length} ` +
        `requests that had finished before the page's largest paint at ${Math.round(r.observedLcp)} ms ` +
        `unthrottled (${counted.join(', ')}); optimistic ${Math.round(r.lcpCounted.optimisticMs)} ms, ` +
        `pessimistic ${Math.round(r.lcpCounted.pessimisticMs)} ms`,
    );
  }
}

function printTable(header, table) {
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const row of table) console.log(line(row));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
