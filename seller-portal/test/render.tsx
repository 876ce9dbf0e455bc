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
