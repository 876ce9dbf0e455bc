/**
 * The seller area's service worker (built by the host shell into /seller-sw.js, registered by the seller portal's
 * Run page with the scope /seller/): a driver who opened the Run page once with signal can open it again with
 * none. It controls the seller pages only, so shoppers' pages never pass through it.
 *
 * - the seller pages (the host's HTML): network first, with a short wait, then the copy kept here;
 * - the host's files: precached at install (webpack's manifest of the host build); any other file whose name
 *   carries webpack's content hash (the seller portal's chunks, built separately, here or on the remote's own
 *   site): cache first, as it never changes under its name;
 * - the entry files (remotes.json, a remote's remoteEntry.js and manifest): network first;
 * - of the API, only GETs the Run page needs: the run's drops and who is signed in; network first. They hold
 *   customers' names and addresses, so they are emptied whenever someone signs in or out, or the server says
 *   the session is gone or the member is refused; a run's answer is kept for the day of the run only (London).
 *   Nothing that is not a GET is ever cached (Workbox routes match GET by default).
 */
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

const PAGES = 'larder-seller-pages';
const FILES = 'larder-seller-files';
const ENTRIES = 'larder-seller-entries';
/** Personal answers (the run's customers): emptied at every sign-in and sign-out. */
const RUN_ANSWERS = 'larder-seller-run';

/** How long a page or a file waits for the network before the kept copy is used (a weak signal, not none). */
const NETWORK_WAIT_SECONDS = 4;
/**
 * How long the run's answers wait: longer, as a copy kept from earlier may miss a door just recorded (a busy
 * server must not be mistaken for no signal).
 */
const API_WAIT_SECONDS = 10;
const TWO_DAYS = 2 * 24 * 60 * 60;

/** webpack's content hash in a file name (main.3f2a9c1b.js), as the server's cache rules read it. */
const HASHED_FILE = /[.-][0-9a-f]{8,}\.(?:js|css|woff2?|png|jpe?g|svg|webp|avif)$/i;
const SELLER_PAGE = /^\/seller(?:\/|$)/;
/** The remote manifest, and a remote's entry and federation manifest (here or on the remote's own site). */
const REMOTE_MANIFEST = /^\/remotes\.json$/;
const REMOTE_ENTRY = /\/(?:remoteEntry\.js|mf-manifest\.json)$/;
/** A script or a style sheet: a remote hosted on its own site serves these from there. */
const CODE_FILE = /\.(?:js|css)$/;
const CODE_DESTINATIONS = new Set(['script', 'style']);
const RUN_API = /^\/api\/seller\/(?:run|is-auth)$/;
/** Requests that change who is signed in. */
const SIGN_IN_OR_OUT = /^\/api\/seller\/(?:login(?:\/code)?|logout)$/;

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const onlyComplete = new CacheableResponsePlugin({ statuses: [200] });
/**
 * A remote on another site is loaded by <script> without CORS: its answer is opaque (status 0), which is kept as
 * well for files named by their content.
 */
const completeOrOpaque = new CacheableResponsePlugin({ statuses: [0, 200] });
/**
 * A file of the builds: this site's, or a remote's script or style sheet on its own site (the CSP names the only
 * sites pages load code from). Pictures of other sites are never kept: each opaque answer counts megabytes
 * against the phone's storage.
 */
const buildFile = (url: URL, request: Request) =>
  sameOrigin(url) ||
  (CODE_FILE.test(url.pathname) &&
    (CODE_DESTINATIONS.has(request.destination) || request.mode === 'no-cors'));

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

/** Any seller page kept here: they are all the same shell, routed in the browser. */
const anyKeptPage: WorkboxPlugin = {
  handlerDidError: async () => {
    const cache = await caches.open(PAGES);
    const [first] = await cache.keys();
    return first ? cache.match(first) : undefined;
  },
};

registerRoute(
  // A page opened by the browser, or asked for by the Run page to be kept (a GET accepting HTML).
  ({ request, url }) =>
    sameOrigin(url) &&
    SELLER_PAGE.test(url.pathname) &&
    (request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html')),
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: NETWORK_WAIT_SECONDS,
    // /seller/run?date=…&time=… is the same shell whatever the query says.
    matchOptions: { ignoreSearch: true, ignoreVary: true },
    plugins: [onlyComplete, new ExpirationPlugin({ maxEntries: 10 }), anyKeptPage],
  }),
);

registerRoute(
  ({ url, request }) => HASHED_FILE.test(url.pathname) && buildFile(url, request),
  new CacheFirst({
    cacheName: FILES,
    plugins: [completeOrOpaque, new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

registerRoute(
  ({ url, request }) =>
    (sameOrigin(url) && REMOTE_MANIFEST.test(url.pathname)) ||
    (REMOTE_ENTRY.test(url.pathname) && buildFile(url, request)),
  new NetworkFirst({
    cacheName: ENTRIES,
    networkTimeoutSeconds: NETWORK_WAIT_SECONDS,
    matchOptions: { ignoreVary: true },
    plugins: [completeOrOpaque],
  }),
);

function forgetRunAnswers(): Promise<boolean> {
  return caches.delete(RUN_ANSWERS);
}

/** A session the server no longer knows: what was kept for it goes. */
const forgetOnRefusal: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401 || response.status === 403) await forgetRunAnswers();
    return response;
  },
};

/** Today in London as YYYY-MM-DD (the shop's delivery dates are London dates). */
function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** A run's answer lives for the day of the run: one kept for an earlier date is neither used nor kept. */
const onlyForTheDayOfTheRun: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse, cacheName }) => {
    const date = new URL(request.url).searchParams.get('date');
    if (!cachedResponse || !date || date >= londonToday()) return cachedResponse ?? null;
    await (await caches.open(cacheName)).delete(request, { ignoreVary: true });
    return null;
  },
};

registerRoute(
  ({ url }) => sameOrigin(url) && RUN_API.test(url.pathname),
  new NetworkFirst({
    cacheName: RUN_ANSWERS,
    networkTimeoutSeconds: API_WAIT_SECONDS,
    matchOptions: { ignoreVary: true },
    plugins: [
      forgetOnRefusal,
      onlyForTheDayOfTheRun,
      onlyComplete,
      new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: TWO_DAYS }),
    ],
  }),
);

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (sameOrigin(url) && SIGN_IN_OR_OUT.test(url.pathname)) event.waitUntil(forgetRunAnswers());
});
