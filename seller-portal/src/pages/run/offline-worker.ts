import { messageSW, Workbox } from 'workbox-window';

/**
 * The seller area's service worker, which the host's build puts at its root (host-shell/src/service-worker) and
 * the server lets control /seller/ pages only (Service-Worker-Allowed).
 */
export const RUN_WORKER = { url: '/seller-sw.js', scope: '/seller/' } as const;

/** The URLs of what this page has loaded so far (the browser's resource timing, earlier entries included). */
function loadedResources(): Promise<string[]> {
  return new Promise((resolve) => {
    const names = (entries: PerformanceEntryList) => entries.map((entry) => entry.name);
    if (typeof PerformanceObserver === 'undefined')
      return resolve(names(performance.getEntriesByType('resource')));
    // The observer is handed the entries already recorded at once; it says nothing when there are none.
    const observer = new PerformanceObserver((list) => done(names(list.getEntries())));
    const fallback = setTimeout(() => done([]), 1000);
    function done(urls: string[]) {
      clearTimeout(fallback);
      observer.disconnect();
      resolve(urls);
    }
    observer.observe({ type: 'resource', buffered: true });
  });
}

/**
 * What this page loaded before the worker was in control (scripts, styles and API answers, the files the page
 * names in its head, and the page itself as HTML), for the worker to keep those it keeps as if it had fetched
 * them: the first visit then opens again without signal.
 */
async function loadedBeforeTheWorker(): Promise<Array<string | [string, RequestInit]>> {
  const urls = new Set<string>();
  const inPage = [
    ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]'),
  ].map((element) => ('href' in element ? element.href : element.src));
  const here: Array<string | [string, RequestInit]> = [
    [window.location.href, { headers: { accept: 'text/html' } }],
  ];
  for (const name of [...inPage, ...(await loadedResources())]) {
    const url = new URL(name, window.location.href);
    if (url.origin === window.location.origin) urls.add(url.href);
    // A remote hosted on its own site: fetched as a <script> or a style sheet fetches it (without CORS).
    else if (url.protocol === 'https:' || url.protocol === 'http:')
      here.push([url.href, { mode: 'no-cors' }]);
  }
  return [...here, ...urls];
}

let ready: Promise<boolean> | undefined;

/**
 * Whether this page itself came through the worker (and so is kept by it). A worker that takes control of the
 * page after it has loaded (installed by an earlier page, activated meanwhile) has kept none of it: the page's
 * controller alone does not say.
 */
function pageCameThroughWorker(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return Boolean(navigator.serviceWorker.controller) && (navigation?.workerStart ?? 0) > 0;
}

/**
 * Registers the worker (once per page load) and, unless this page came through it, hands it what was already
 * loaded. Answers whether the Run page will open again without signal. Production builds only: the development
 * servers build no worker.
 */
export function keepRunOffline(): Promise<boolean> {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return Promise.resolve(false);
  ready ??= (async () => {
    const keptAlready = pageCameThroughWorker();
    await new Workbox(RUN_WORKER.url, { scope: RUN_WORKER.scope }).register({ immediate: true });
    // Active for this page's scope, whether just installed, already there, or there but not yet in control.
    const { active } = await navigator.serviceWorker.ready;
    if (!active) return false;
    if (!keptAlready)
      await messageSW(active, {
        type: 'CACHE_URLS',
        payload: { urlsToCache: await loadedBeforeTheWorker() },
      });
    return true;
  })().catch(() => false);
  return ready;
}
