import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { Toaster, toast } from 'react-hot-toast';
import { MESSAGES, wrongGoogleAccountMessage } from '@larder/shared-domain';
import { openLogin, selectShowUserLogin, selectUser, type LoginMode } from '@larder/shared-state';
import { setupMockApi, type MockApiState } from '@larder/shared-state/testing';
import { LoginModal } from './LoginModal';

const server = setupMockApi();

const USER = {
  _id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '07700900123',
  cartItems: { p1: 2 },
  addresses: [],
  defaultAddress: null,
};

/**
 * The real store and the fake API with `state` (by default: development sign-in, and no account for any
 * e-mail, so a sign-up makes one).
 */
function setup(mode: LoginMode = 'signup', state: Partial<MockApiState> = {}) {
  server.seed(state);
  const calls = server.requests;
  const store = server.createStore({ cartSyncDelayMs: 0 });
  store.dispatch(openLogin(mode));
  const user = userEvent.setup();
  render(
    <Provider store={store}>
      <LoginModal />
      <Toaster />
    </Provider>,
  );
  return { store, calls, user };
}

const googleConfig = { googleClientId: 'client-123', devSignIn: false, googleRedirect: false };

async function fillSignUp(
  user: ReturnType<typeof userEvent.setup>,
  email = USER.email,
  phone = '07700900123',
) {
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/Phone/), phone);
}

/** An unsigned JWT-shaped ID token with these claims (the page reads the payload only). */
function idToken(claims: Record<string, unknown>): string {
  const base64url = (text: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(text)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return [base64url('{"alg":"RS256"}'), base64url(JSON.stringify(claims)), 'signature'].join('.');
}

afterEach(() => {
  act(() => toast.remove());
});

describe('LoginModal', () => {
  it('asks for every sign-up field before checking the email', async () => {
    const { user, calls } = setup();
    await user.type(screen.getByLabelText(/Email/), USER.email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.fillAllFields)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/user/check-email')).toHaveLength(0);
  });

  it('asks for a UK phone number before checking the email', async () => {
    const { user, calls } = setup();
    await fillSignUp(user, USER.email, '12345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.invalidPhone)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/user/check-email')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('asks for the email when logging in', async () => {
    const { user, calls } = setup('login');
    expect(screen.queryByLabelText(/First name/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.enterEmail)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('switches to login when the sign-up email already has an account', async () => {
    const { user, calls } = setup('signup', { googleAccount: USER });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.userExistsRedirecting)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue(USER.email);
    expect(calls.find((c) => c.url === '/api/user/check-email')?.body).toEqual({ email: USER.email });
  });

  it('offers sign-up when the login email is unknown', async () => {
    const { user } = setup('login');
    await user.type(screen.getByLabelText(/Email/), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText(MESSAGES.emailNotRegistered)).not.toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Sign up with this email' }));
    expect(screen.getByRole('dialog', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveValue('new@example.com');
  });

  it('signs up through the development sign-in exactly as the Google path does', async () => {
    const { user, calls, store } = setup();
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue with development sign-in' }));

    expect(await screen.findByText(MESSAGES.loggedInWithGoogle)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/dev/id-token')?.body).toEqual({
      email: USER.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(calls.find((c) => c.url === '/api/user/google-login')?.body).toEqual({
      // The token the development sign-in issued for the e-mail.
      tokenId: `dev-token:${USER.email}`,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '07700900123',
    });
    expect(selectShowUserLogin(store.getState())).toBe(false);
    expect(selectUser(store.getState())?.email).toBe(USER.email);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('logs in with only the token and shows the server message when sign-in is refused', async () => {
    const { user, calls, store } = setup('login', { googleAccount: USER });
    await user.type(screen.getByLabelText(/Email/), USER.email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The account is deleted between the two steps.
    server.state.googleAccount = null;
    await user.click(await screen.findByRole('button', { name: 'Continue with development sign-in' }));

    expect(await screen.findByText(MESSAGES.emailNotRegistered)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/user/google-login')?.body).toEqual({
      tokenId: `dev-token:${USER.email}`,
    });
    expect(selectUser(store.getState())).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('uses Google Identity Services when the server has a Google client id', async () => {
    const { user } = setup('login', { authConfig: googleConfig, googleAccount: USER });
    await user.type(screen.getByLabelText(/Email/), USER.email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() =>
      expect(
        document.head.querySelector('script[src="https://accounts.google.com/gsi/client"]'),
      ).not.toBeNull(),
    );
    expect(
      screen.queryByRole('button', { name: 'Continue with development sign-in' }),
    ).not.toBeInTheDocument();
  });

  it('posts a Google credential only when it is for the email given in step 1', async () => {
    let callback: ((response: { credential?: string }) => void) | undefined;
    window.google = {
      accounts: {
        id: {
          initialize: (config) => {
            callback = config.callback;
          },
          renderButton: () => undefined,
        },
      },
    };
    try {
      const { user, calls, store } = setup('login', { authConfig: googleConfig, googleAccount: USER });
      await user.type(screen.getByLabelText(/Email/), USER.email);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await waitFor(() => expect(callback).toBeDefined());

      act(() => callback?.({ credential: idToken({ email: 'someone.else@example.com', name: 'Zoë' }) }));
      expect(await screen.findByText(wrongGoogleAccountMessage(USER.email))).toBeInTheDocument();
      expect(calls.filter((c) => c.url === '/api/user/google-login')).toHaveLength(0);
      expect(screen.getByText(/Step 2 of 2/)).toBeInTheDocument();

      const token = idToken({ email: USER.email.toUpperCase(), name: 'Zoë' });
      act(() => callback?.({ credential: token }));
      expect(await screen.findByText(MESSAGES.loggedInWithGoogle)).toBeInTheDocument();
      expect(calls.find((c) => c.url === '/api/user/google-login')?.body).toEqual({ tokenId: token });
      expect(selectUser(store.getState())?.email).toBe(USER.email);
    } finally {
      delete window.google;
    }
  });
});
