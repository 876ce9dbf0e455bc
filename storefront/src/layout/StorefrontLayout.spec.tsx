import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { api, dehydrate } from '@larder/shared-state';
import { makeProduct, setupMockApi } from '@larder/shared-state/testing';
import { Footer } from './Footer';
import { StorefrontLayout } from './StorefrontLayout';

// The real footer, watched: it reads nothing from the store, so it is drawn again only when the layout is.
jest.mock('./Footer', () => ({ Footer: jest.fn(jest.requireActual('./Footer').Footer) }));

const server = setupMockApi();

const PRODUCTS = ['p1', 'p2', 'p3'].map((id, i) => makeProduct({ _id: id, name: `Product ${i + 1}` }));

/** A browser's store started from a server-rendered page that showed only the first product. */
async function storeOfServerRenderedPage() {
  server.seed({ products: PRODUCTS, user: null });
  const serverStore = server.createStore({ cartSync: false });
  await serverStore.dispatch(api.endpoints.listProducts.initiate());
  const serverState = dehydrate(serverStore.getState(), { shownProducts: new Set(['p1']) });
  return server.createStore({ serverState });
}

describe('StorefrontLayout', () => {
  // jsdom has no scrolling; the layout scrolls to the top on every new page.
  beforeEach(() => jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('loads the session and the rest of the catalogue without drawing the layout again', async () => {
    const store = await storeOfServerRenderedPage();
    expect(store.getState().catalogue.complete).toBe(false);
    let pageRenders = 0;
    function Page() {
      useLocation(); // as every page does, through its links and hooks
      pageRenders += 1;
      return <h1>Page</h1>;
    }
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route element={<StorefrontLayout />}>
              <Route path="/" element={<Page />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </Provider>,
    );

    await waitFor(() => {
      const state = store.getState();
      expect(state.catalogue.complete).toBe(true);
      // A visitor: told so without an error.
      expect(api.endpoints.userIsAuth.select()(state)).toMatchObject({
        status: 'fulfilled',
        data: { success: false },
      });
      expect(
        api.endpoints.listProducts
          .select()(state)
          .data?.products.map((p) => p._id),
      ).toEqual(['p1', 'p2', 'p3']);
    });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/user/is-auth', 'GET /api/product/list']),
    );
    // The answers re-render only what reads them (the navbar reads the session; the page and the footer
    // neither): the layout itself is drawn once.
    expect(pageRenders).toBe(1);
    expect(Footer).toHaveBeenCalledTimes(1);
  });
});
