/** Test support for the checkout and account pages: a real store whose API calls reach a scripted server. */
import type { ReactElement } from 'react';
import { combineSlices, configureStore } from '@reduxjs/toolkit';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { render } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  api,
  baseApi,
  cartSlice,
  setUser,
  uiSlice,
  type ApiEnvironment,
  type UserDto,
} from '@larder/shared-state';
import { ConfirmProvider } from '@larder/shared-ui';
import { SignInPromptProvider } from '../src/components/RequireSignIn';

export interface SentRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
  /** The query string parameters, when the call has any. */
  params?: Record<string, unknown>;
}

type Answer = { status?: number; body: unknown };

/** Answers API calls by method and path, and records every call made. */
export class ScriptedApi {
  readonly requests: SentRequest[] = [];
  private readonly answers = new Map<string, (request: SentRequest) => Answer>();

  on(method: string, url: string, answer: Answer | ((request: SentRequest) => Answer)): this {
    this.answers.set(`${method} ${url}`, typeof answer === 'function' ? answer : () => answer);
    return this;
  }

  sent(method: string, url: string): SentRequest[] {
    return this.requests.filter((r) => r.method === method && r.url === url);
  }

  readonly baseQuery: ApiEnvironment['baseQuery'] = async (args) => {
    const {
      url,
      method = 'GET',
      body,
      headers,
      params,
    } = (typeof args === 'string' ? { url: args } : args) as FetchArgs;
    const request: SentRequest = {
      method: method.toUpperCase(),
      url,
      body,
      headers: Object.fromEntries(
        Object.entries((headers ?? {}) as Record<string, string | undefined>).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
      ...(params ? { params: params as Record<string, unknown> } : {}),
    };
    this.requests.push(request);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const answer = this.answers.get(`${request.method} ${url}`)?.(request) ?? {
      status: 404,
      body: { success: false, message: 'Not found' },
    };
    const status = answer.status ?? 200;
    // A copy, as if it had crossed the network: the store freezes what it receives.
    const data: unknown = JSON.parse(JSON.stringify(answer.body));
    return status >= 400 ? { error: { status, data } } : { data };
  };
}

export function makeUser(overrides: Partial<UserDto> = {}): UserDto {
  return {
    _id: 'user-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.co.uk',
    phone: null,
    cartItems: {},
    addresses: [],
    defaultAddress: null,
    ...overrides,
  };
}

/** A store as the storefront has it; `sessionChecked: false` leaves the session check unanswered. */
export function createTestStore(
  server: ScriptedApi,
  state: { user?: UserDto | null; cart?: Record<string, number>; sessionChecked?: boolean } = {},
) {
  const environment: ApiEnvironment = { baseQuery: server.baseQuery };
  const store = configureStore({
    reducer: combineSlices(baseApi, cartSlice, uiSlice),
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: environment } }).concat(baseApi.middleware),
  });
  if (state.sessionChecked !== false) {
    // The server knows who is signed in and is asked again after every change of the account, as in the shop,
    // whose layout keeps the session check subscribed.
    const user = state.user ?? null;
    server.on(
      'GET',
      '/api/user/is-auth',
      user
        ? { body: { success: true, user } }
        : { status: 401, body: { success: false, message: 'Please sign in to continue' } },
    );
    store.dispatch(setUser(user));
    void store.dispatch(api.endpoints.userIsAuth.initiate());
  }
  if (state.cart) store.dispatch(cartSlice.actions.replace(state.cart));
  return store;
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname + location.search}</output>;
}

/** Renders a page at `path` with the store, router, confirmation dialogs, sign-in prompt and toasts. */
export function renderPage(
  element: ReactElement,
  { store, path, route }: { store: ReturnType<typeof createTestStore>; path: string; route: string },
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
