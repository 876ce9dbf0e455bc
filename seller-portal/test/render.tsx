import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { createStore } from '@larder/shared-state';
import { ConfirmProvider } from '@larder/shared-ui';
import { fakeApi, type FakeAnswer, type FakeRequest } from './fake-fetch';

export type Routes = Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer)>;

/** Renders a seller screen with a real store whose API calls are answered by `routes` ("METHOD /path"). */
export function renderWithApi(ui: ReactNode, routes: Routes, { path = '/seller' } = {}) {
  const api = fakeApi((request) => {
    const route = routes[`${request.method} ${request.url}`];
    if (!route)
      return {
        status: 404,
        body: { success: false, message: `No route for ${request.method} ${request.url}` },
      };
    return typeof route === 'function' ? route(request) : route;
  });
  const store = createStore({ fetchFn: api.fetchFn });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </MemoryRouter>
      <Toaster />
    </Provider>,
  );
  return { ...api, store, user: userEvent.setup() };
}

/** The JSON body a request carried. */
export function jsonBody(request: FakeRequest): unknown {
  return JSON.parse(String(request.body));
}
