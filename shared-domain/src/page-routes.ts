/**
 * A remote's routes as data. The storefront declares its routes once (storefront/src/routes.tsx) and hands
 * the table to the API with its server build; the API reads which pages it renders on the server and which
 * page chunk a page's head names from it (backend/src/web/shop-pages.ts, page-head.ts), so a deploy of the
 * storefront alone changes both.
 */

/** One route of the storefront. */
export interface PageRoute {
  /**
   * A react-router path pattern from where the host mounts the storefront: `/`, `/products/:category`,
   * `/*` (every other path). `:name` stands for one segment (`:name?` for an optional one), `*` at the end for
   * the rest of the path.
   */
  path: string;
  /** The `webpackChunkName` of the page's code: its file is `<chunk>.<hash>.js`. */
  chunk: string;
  /** Whether the API renders the page on the server (otherwise the browser renders it). */
  serverRendered: boolean;
  /**
   * A signed-in customer's own page (the basket, favourites, orders, usuals): the API renders it as its frame
   * (header, footer) and the skeleton of its content, the same for everyone and without anyone's session, kept
   * and sent alike; the browser fills in the customer's content. With `personal`, a customer's request is
   * rendered for them with their content instead (never kept), and only a visitor gets the frame.
   */
  frame?: boolean;
  /**
   * A `frame` page the API renders for the signed-in customer with their content. Not the basket: its lines are
   * the cart the browser may still be sending when the page is asked for.
   */
  personal?: boolean;
  /**
   * The API paths (GET) the page reads first, e.g. `/api/user/favourites`: unless the page comes with them (rendered
   * for the customer), its head preloads them, so their answers load beside the page's code rather than after it
   * has run.
   */
  data?: readonly string[];
  /**
   * The query parameters the page reads (a product list's `q` and food filters); none when absent. The API
   * renders and keeps the page for these alone, so any other parameter (`?utm=…`) is the same page.
   */
  query?: readonly string[];
}

/** Whether a value is a well-formed route table (what the API accepts from a build). */
export function isPageRouteTable(value: unknown): value is PageRoute[] {
  return (
    Array.isArray(value) &&
    value.every(
      (route: Partial<Record<keyof PageRoute, unknown>> | null) =>
        typeof route === 'object' &&
        route !== null &&
        typeof route.path === 'string' &&
        typeof route.chunk === 'string' &&
        typeof route.serverRendered === 'boolean' &&
        (route.frame === undefined || typeof route.frame === 'boolean') &&
        (route.personal === undefined || typeof route.personal === 'boolean') &&
        (route.data === undefined ||
          (Array.isArray(route.data) &&
            route.data.every((path) => typeof path === 'string' && path.startsWith('/api/')))) &&
        (route.query === undefined ||
          (Array.isArray(route.query) && route.query.every((name) => typeof name === 'string'))),
    )
  );
}

/** A pattern as a regular expression, as react-router compiles it (`matchPath`, whole path, any case). */
function patternRegExp(pattern: string): RegExp {
  let source =
    '^' +
    pattern
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:[\w-]+(\?)?/g, (_match, optional?: string) => (optional ? '/?([^\\/]+)?' : '/([^\\/]+)'));
  if (pattern.endsWith('*')) source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  else source += '\\/*$';
  return new RegExp(source, 'i');
}

/** How specific a pattern is, as react-router ranks routes: static segments first, a splat last. */
function patternScore(pattern: string): number {
  const segments = pattern.split('/');
  let score = segments.length + (segments.includes('*') ? -2 : 0);
  for (const segment of segments) {
    if (segment === '*') continue;
    score += /^:[\w-]+\??$/.test(segment) ? 3 : segment === '' ? 1 : 10;
  }
  return score;
}

/**
 * The route a path shows, found as react-router finds it among the routes (the most specific pattern that
 * matches, the first declared on a tie; letter case does not count, a trailing slash is allowed). The
 * patterns are compiled once: the answer is a function to call per request.
 */
export function pageRouteMatcher(routes: readonly PageRoute[]): (pathname: string) => PageRoute | undefined {
  const ranked = routes
    .map((route, order) => ({
      route,
      order,
      score: patternScore(route.path),
      test: patternRegExp(route.path),
    }))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return (pathname) => ranked.find(({ test }) => test.test(pathname))?.route;
}

/**
 * The URL a route's page is made from: the path, then only the query parameters the route reads, in the
 * route's order (each with its values in the order given). Two URLs that differ only in what the page does not
 * read, or in the order of its parameters, give the same page.
 */
export function pageUrl(route: Pick<PageRoute, 'query'> | undefined, url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  const given = new URLSearchParams(url.slice(at + 1));
  const kept = new URLSearchParams();
  for (const name of route?.query ?? []) for (const value of given.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
