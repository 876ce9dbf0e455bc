import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { setupMockApi, type Answer, type AnswerFn, type MockApiState } from '@larder/shared-state/testing';
import { ConfirmProvider } from '@larder/shared-ui';

/** The fake API of the seller screens' tests (one per test file, reset before each test). */
export const server = setupMockApi();

export type Routes = Record<string, Answer | AnswerFn>;

/**
 * Renders a seller screen with the shop's real store. The fake API answers from its state (`state`, with the
 * seller signed in unless it says otherwise), and `routes` ("METHOD /path") the way they give.
 */
export function renderWithApi(
  ui: ReactNode,
  routes: Routes = {},
  { path = '/seller', state = {} }: { path?: string; state?: Partial<MockApiState> } = {},
) {
  server.seed({ seller: true, ...state });
  for (const [route, answer] of Object.entries(routes)) {
    const [method, routePath] = route.split(' ');
    server.on(method, routePath, answer);
  }
  const store = server.createStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <ConfirmProvider>{ui}</ConfirmProvider>
      </MemoryRouter>
      <Toaster />
    </Provider>,
  );
  return { requests: server.requests, store, user: userEvent.setup() };
}

/**
 * A seller list answered `limit` entries a page (the server's page size is 50) under the response key `key`,
 * from `list(state)` as it is when each request arrives.
 */
export function pagedBy(
  limit: number,
  key: 'orders' | 'messages' | 'subscribers',
  list: (state: MockApiState) => unknown[],
): AnswerFn {
  return (request, state) => {
    const page = Number(request.params.page ?? 1);
    const entries = list(state);
    return {
      body: {
        success: true,
        [key]: entries.slice((page - 1) * limit, page * limit),
        page,
        limit,
        total: entries.length,
        totalPages: Math.max(1, Math.ceil(entries.length / limit)),
      },
    };
  };
}
