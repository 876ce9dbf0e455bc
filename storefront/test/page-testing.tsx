/** Test support for the storefront pages: the shop's real store, sending to the fake API of the tests. */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { api, cartActions, setUser, type AppStore, type UserDto } from '@larder/shared-state';
import type { MockApi } from '@larder/shared-state/testing';
import { ConfirmProvider } from '@larder/shared-ui';
import { SignInPromptProvider } from '../src/components/RequireSignIn';

export { makeUser } from '@larder/shared-state/testing';

/**
 * The real store (createStore) sending to `server`. `user` is signed in on both sides (null: a visitor);
 * `sessionChecked: false` leaves the store waiting for its session check; `cart` is the cart in the store.
 */
export function createTestStore(
  server: MockApi,
  state: { user?: UserDto | null; cart?: Record<string, number>; sessionChecked?: boolean } = {},
): AppStore {
  const store = server.createStore();
  server.seed({ user: state.user ?? null });
  if (state.sessionChecked !== false) {
    store.dispatch(setUser(state.user ?? null));
    // The shop's layout keeps the session check subscribed, so it is asked again after every change of the
    // account (a saved phone or address).
    void store.dispatch(api.endpoints.userIsAuth.initiate());
  }
  if (state.cart) store.dispatch(cartActions.replace(state.cart));
  return store;
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname + location.search}</output>;
}

/** Renders a page at `path` with the store, router, confirmation dialogs, sign-in prompt and toasts. */
export function renderPage(
  element: ReactElement,
  { store, path, route }: { store: AppStore; path: string; route: string },
) {
  return render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <ConfirmProvider>
          <SignInPromptProvider>
            <Routes>
              <Route path={route} element={element} />
              <Route path="*" element={<p>Another page</p>} />
            </Routes>
            <CurrentPath />
          </SignInPromptProvider>
        </ConfirmProvider>
      </MemoryRouter>
      <Toaster />
    </Provider>,
  );
}
