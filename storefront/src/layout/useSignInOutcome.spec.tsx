import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@larder/shared-domain';
import { setupMockApi } from '@larder/shared-state/testing';
import { createTestStore, renderPage } from '../../test/page-testing';
import { useSignInOutcome } from './useSignInOutcome';

const server = setupMockApi();

function Home() {
  useSignInOutcome();
  return <h1>Home</h1>;
}

function visit(path: string) {
  const store = createTestStore(server, { user: null });
  renderPage(<Home />, { store, path, route: '/' });
  return store;
}

describe('useSignInOutcome', () => {
  it('opens the sign-up form when Google sent back an e-mail without an account', async () => {
    const store = visit('/?login=signup');
    expect(await screen.findByText(MESSAGES.emailNotRegistered)).toBeInTheDocument();
    expect(store.getState().ui).toMatchObject({ showUserLogin: true, loginMode: 'signup' });
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/));
  });

  it('says the Google sign-in failed and keeps the other query parameters', async () => {
    const store = visit('/?utm=mail&login=failed');
    expect(await screen.findByText(MESSAGES.googleLoginFailed)).toBeInTheDocument();
    expect(store.getState().ui.showUserLogin).toBe(false);
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/\?utm=mail$/));
  });

  it('ignores addresses without the marker', () => {
    const store = visit('/?login=other');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/?login=other');
    expect(store.getState().ui.showUserLogin).toBe(false);
  });
});
