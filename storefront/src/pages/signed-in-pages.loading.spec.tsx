import { act, screen, within } from '@testing-library/react';
import {
  api,
  type AppStore,
  type FavouritesResponse,
  type UserIsAuthApiResponse,
} from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, makeUser, renderPage } from '../../test/page-testing';
import { CartLink } from '../layout/CartLink';
import { preloadRoute, STOREFRONT_ROUTES } from '../routes';
import CartPage from './cart/CartPage';
import FavouritesPage from './favourites/FavouritesPage';
import MyOrdersPage from './my-orders/MyOrdersPage';
import UsualsPage from './usuals/UsualsPage';

const server = setupMockApi();

const jam = makeProduct({ _id: 'p-jam', name: 'Strawberry Jam' });
const customer = makeUser({ firstName: 'Ada', cartItems: { 'p-jam': 2 } });

/** Holds the answer to the session check until `answer()` is called. */
function holdSession() {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.on<UserIsAuthApiResponse>('GET', '/api/user/is-auth', async () => {
    await answered;
    return { body: { success: true, user: customer } };
  });
  return { answer: () => act(async () => answer()) };
}

/** A store whose session check has been asked for and not yet answered, as on a page's first load. */
function storeAskingForSession(): AppStore {
  const store = createTestStore(server, { sessionChecked: false });
  void store.dispatch(api.endpoints.userIsAuth.initiate());
  return store;
}

/** The busy region that stands for the page's content, by what it tells a screen reader. */
function busy(label: string): HTMLElement {
  const status = screen.getByText(label);
  const region = status.closest('[aria-busy="true"]');
  expect(region).not.toBeNull();
  return region as HTMLElement;
}

beforeEach(() => {
  server.seed({ products: [jam] });
  server.on<FavouritesResponse>('GET', '/api/user/favourites', () => ({
    body: { success: true, products: [jam] },
  }));
});

describe('the signed-in pages while the session is asked for', () => {
  it.each([
    ['/cart', CartPage, 'Shopping Cart', 'Loading your cart'],
    ['/favourites', FavouritesPage, 'Favourites', 'Loading your favourites'],
    ['/my-orders', MyOrdersPage, 'My Orders', 'Loading your orders'],
    ['/usuals', UsualsPage, 'Your usuals', 'Loading your usuals'],
  ])('%s shows its heading and a busy skeleton, and says it is loading', (path, Page, heading, loading) => {
    holdSession();
    renderPage(<Page />, { store: storeAskingForSession(), path, route: path });

    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(busy(loading)).toBeInTheDocument();
  });

  it("favourites: the cards take the skeletons' place under the same heading and filters", async () => {
    const session = holdSession();
    renderPage(<FavouritesPage />, {
      store: storeAskingForSession(),
      path: '/favourites',
      route: '/favourites',
    });
    const heading = screen.getByRole('heading', { level: 1, name: 'Favourites' });
    const filters = screen.getByText('Free from and diet filters');
    expect(busy('Loading your favourites')).toBeInTheDocument();

    await session.answer();
    expect(await screen.findByRole('heading', { name: 'Strawberry Jam' })).toBeInTheDocument();
    // The same elements, not new ones drawn in their place: nothing above the cards moved.
    expect(screen.getByRole('heading', { level: 1, name: 'Favourites' })).toBe(heading);
    expect(screen.getByText('Free from and diet filters')).toBe(filters);
    expect(screen.queryByText('Loading your favourites')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add all to basket' })).toBeInTheDocument();
  });

  it('the cart link shows no count until the session has said what is in the basket', async () => {
    const session = holdSession();
    renderPage(<CartLink />, { store: storeAskingForSession(), path: '/', route: '/' });
    const link = screen.getByRole('link', { name: 'Cart' });
    expect(within(link).getByTestId('cart-count')).toHaveTextContent('');

    await session.answer();
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });
});

describe('preloadRoute with the store', () => {
  it("asks for a signed-in page's data beside the session, without waiting for its answer", async () => {
    const session = holdSession();
    const store = createTestStore(server, { sessionChecked: false });

    const loading = preloadRoute('/favourites', store);
    // The favourites are asked for while the session's answer is still held.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(server.sent('GET', '/api/user/is-auth')).toHaveLength(1);
    expect(server.sent('GET', '/api/user/favourites')).toHaveLength(1);
    await session.answer();
    await loading;

    renderPage(<FavouritesPage />, { store, path: '/favourites', route: '/favourites' });
    // Everything is in the store: the page draws the favourites at once, asking nothing again.
    expect(await screen.findByRole('heading', { name: 'Strawberry Jam' })).toBeInTheDocument();
    expect(server.sent('GET', '/api/user/favourites')).toHaveLength(1);
  });

  it.each(STOREFRONT_ROUTES.filter((route) => route.data).map((route) => [route.path, route.data!]))(
    "%s: the page's head preloads what the route's prefetch reads, no more and no less",
    async (path, data) => {
      server.seed({ user: customer });
      const store = createTestStore(server, { sessionChecked: false });
      // What the page comes with from the server (its frame's data).
      await store.dispatch(api.endpoints.getShippingSettings.initiate());
      await store.dispatch(api.endpoints.getBusinessDetails.initiate());
      const before = server.requests.length;

      await act(async () => {
        await preloadRoute(path, store);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      const read = server.requests.slice(before).filter((request) => request.method === 'GET');
      expect(new Set(read.map((request) => request.url))).toEqual(new Set(data));
    },
  );
});
