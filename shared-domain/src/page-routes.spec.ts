import { isPageRouteTable, pageRouteMatcher, type PageRoute } from './page-routes';

const route = (path: string, chunk: string, serverRendered = false): PageRoute => ({
  path,
  chunk,
  serverRendered,
});

describe('page routes', () => {
  // Declared in an order that a first-match reading would get wrong: the most specific pattern wins.
  const routes = [
    route('/*', 'page-not-found'),
    route('/', 'page-home', true),
    route('/products/:category', 'page-category', true),
    route('/products/:category/:id', 'page-product', true),
    route('/products', 'page-products', true),
    route('/products/offers', 'page-offers'),
    route('/help/:topic?', 'page-help'),
    route('/docs/*', 'page-docs'),
  ];
  const match = pageRouteMatcher(routes);
  const chunkOf = (pathname: string) => match(pathname)?.chunk;

  it('finds the page a path shows: one segment for a :param, the rest of the path for *', () => {
    expect(chunkOf('/')).toBe('page-home');
    expect(chunkOf('/products')).toBe('page-products');
    expect(chunkOf('/products/dairy')).toBe('page-category');
    expect(chunkOf('/products/dairy/3f2a9c1b')).toBe('page-product');
    expect(chunkOf('/products/offers')).toBe('page-offers');
    expect(chunkOf('/products/dairy/3f2a9c1b/more')).toBe('page-not-found');
    expect(chunkOf('/help')).toBe('page-help');
    expect(chunkOf('/help/delivery')).toBe('page-help');
    expect(chunkOf('/docs')).toBe('page-docs');
    expect(chunkOf('/docs/a/b')).toBe('page-docs');
    expect(chunkOf('/nowhere/at/all')).toBe('page-not-found');
  });

  it('allows a trailing slash and any letter case, as react-router does', () => {
    expect(chunkOf('/products/')).toBe('page-products');
    expect(chunkOf('/Products/Dairy')).toBe('page-category');
  });

  it('finds nothing in a table without a catch-all for a path it does not list', () => {
    expect(pageRouteMatcher([route('/cart', 'page-cart')])('/elsewhere')).toBeUndefined();
  });

  it('accepts only a well-formed table', () => {
    expect(isPageRouteTable(routes)).toBe(true);
    expect(isPageRouteTable([])).toBe(true);
    expect(isPageRouteTable(undefined)).toBe(false);
    expect(isPageRouteTable([{ path: '/', chunk: 'page-home' }])).toBe(false);
    expect(isPageRouteTable([null])).toBe(false);
  });
});
