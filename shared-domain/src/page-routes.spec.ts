import { isPageRouteTable, pageRouteMatcher, pageUrl, type PageRoute } from './page-routes';

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
    expect(isPageRouteTable([{ path: '/', chunk: 'page-home', serverRendered: true, query: ['q'] }])).toBe(
      true,
    );
    expect(isPageRouteTable([{ path: '/', chunk: 'page-home', serverRendered: true, query: 'q' }])).toBe(
      false,
    );
    expect(isPageRouteTable([{ path: '/cart', chunk: 'page-cart', serverRendered: true, frame: true }])).toBe(
      true,
    );
    expect(
      isPageRouteTable([{ path: '/cart', chunk: 'page-cart', serverRendered: true, frame: 'yes' }]),
    ).toBe(false);
    const usuals = { path: '/usuals', chunk: 'page-usuals', serverRendered: true, frame: true };
    expect(isPageRouteTable([{ ...usuals, personal: true }])).toBe(true);
    expect(isPageRouteTable([{ ...usuals, personal: 1 }])).toBe(false);
  });
});

describe('pageUrl', () => {
  const list = { query: ['q', 'freeFrom', 'diet'] };

  it('keeps only the parameters the route reads, in its order, each value in the order given', () => {
    expect(pageUrl(list, '/products?utm=1&diet=vegan&q=red+apples&freeFrom=milk&freeFrom=egg')).toBe(
      '/products?q=red+apples&freeFrom=milk&freeFrom=egg&diet=vegan',
    );
    expect(pageUrl(list, '/products?q=red%20apples')).toBe(pageUrl(list, '/products?q=red+apples'));
  });

  it('gives the bare path when the route reads none of them', () => {
    expect(pageUrl(list, '/products?utm=1&fbclid=x')).toBe('/products');
    expect(pageUrl({}, '/products/dairy/some-id?q=1')).toBe('/products/dairy/some-id');
    expect(pageUrl(undefined, '/')).toBe('/');
  });
});
