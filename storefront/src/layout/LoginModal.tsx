import { useEffect, useState, type FormEvent } from 'react';
import { MESSAGES, isValidUkPhone, wrongGoogleAccountMessage } from '@larder/shared-domain';
import {
  closeLogin,
  selectLoginMode,
  selectShowUserLogin,
  setLoginMode,
  useAppDispatch,
  useAppSelector,
  useCheckEmailMutation,
  useCreateDevIdTokenMutation,
  useGetAuthConfigQuery,
  useGoogleLoginMutation,
  type LoginMode,
  errorMessage,
  toast,
} from '@larder/shared-state';
import { Button, Modal, Spinner, TextInput } from '@larder/shared-ui';
import { GoogleSignInButton } from './GoogleSignInButton';
import { idTokenEmail } from './google-identity';

interface Details {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const EMPTY: Details = { firstName: '', lastName: '', email: '', phone: '' };

const linkButton =
  'rounded-sm font-medium text-primary underline underline-offset-2 hover:text-primary-hover focus-visible:outline-2 focus-visible:outline-primary';

/**
 * The customer login modal. Step 1 collects the details for sign-up, or the email for login, and
 * checks the email; step 2 is the Google sign-in (or the development sign-in when Google is not configured).
 */
export function LoginModal() {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectShowUserLogin);
  const mode = useAppSelector(selectLoginMode);
  const [step, setStep] = useState<1 | 2>(1);
  const [details, setDetails] = useState<Details>(EMPTY);
  const [offerSignUp, setOfferSignUp] = useState(false);
  const [checkEmail, checking] = useCheckEmailMutation();

  useEffect(() => {
    if (!open) {
      setStep(1);
      setOfferSignUp(false);
    }
  }, [open]);

  const close = () => dispatch(closeLogin());
  const switchMode = (next: LoginMode) => {
    setOfferSignUp(false);
    setStep(1);
    dispatch(setLoginMode(next));
  };
  const update = (field: keyof Details) => (value: string) => setDetails((d) => ({ ...d, [field]: value }));

  async function submitDetails(event: FormEvent) {
    event.preventDefault();
    const email = details.email.trim();
    if (mode === 'signup') {
      if (![details.firstName, details.lastName, email, details.phone].every((value) => value.trim())) {
        toast.error(MESSAGES.fillAllFields);
        return;
      }
      if (!isValidUkPhone(details.phone)) {
        toast.error(MESSAGES.invalidPhone);
        return;
      }
    } else if (!email) {
      toast.error(MESSAGES.enterEmail);
      return;
    }
    try {
      const { exists } = await checkEmail({ checkEmailDto: { email } }).unwrap();
      if (mode === 'signup' && exists) {
        switchMode('login');
        toast(MESSAGES.userExistsRedirecting, { icon: 'ℹ️' });
        return;
      }
      if (mode === 'login' && !exists) {
        setOfferSignUp(true);
        toast.error(MESSAGES.emailNotRegistered);
        return;
      }
      setStep(2);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const title = mode === 'signup' ? 'Create your account' : 'Log in';

  return (
    <Modal open={open} onClose={close} title={title} size="sm">
      {step === 1 ? (
        <form onSubmit={submitDetails} noValidate className="flex flex-col gap-4" aria-label={title}>
          <p className="text-sm text-gray-600">
            {mode === 'signup'
              ? 'Step 1 of 2: tell us who you are. Next, you confirm your email with Google.'
              : 'Step 1 of 2: enter the email of your account. Next, you confirm it with Google.'}
          </p>
          {mode === 'signup' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextInput
                label="First name"
                name="firstName"
                autoComplete="given-name"
                value={details.firstName}
                onChange={(e) => update('firstName')(e.target.value)}
                required
              />
              <TextInput
                label="Last name"
                name="lastName"
                autoComplete="family-name"
                value={details.lastName}
                onChange={(e) => update('lastName')(e.target.value)}
                required
              />
            </div>
          )}
          <TextInput
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={details.email}
            onChange={(e) => {
              setOfferSignUp(false);
              update('email')(e.target.value);
            }}
            required
          />
          {mode === 'signup' && (
            <TextInput
              label="Phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              value={details.phone}
              onChange={(e) => update('phone')(e.target.value)}
              required
            />
          )}
          {offerSignUp && (
            <div className="rounded-md bg-warning-soft p-3 text-sm text-warning" role="status">
              {MESSAGES.emailNotRegistered}{' '}
              <button type="button" className={linkButton} onClick={() => switchMode('signup')}>
                Sign up with this email
              </button>
            </div>
          )}
          <Button type="submit" fullWidth loading={checking.isLoading}>
            Continue
          </Button>
          <p className="text-center text-sm text-gray-600">
            {mode === 'signup' ? (
              <>
                Already have an account?{' '}
                <button type="button" className={linkButton} onClick={() => switchMode('login')}>
                  Log in
                </button>
              </>
            ) : (
              <>
                New to Larder?{' '}
                <button type="button" className={linkButton} onClick={() => switchMode('signup')}>
                  Create an account
                </button>
              </>
            )}
          </p>
        </form>
      ) : (
        <SignInStep
          details={details}
          mode={mode}
          onBack={() => setStep(1)}
          onSignedIn={() => {
            setDetails(EMPTY);
            close();
          }}
        />
      )}
    </Modal>
  );
}

interface SignInStepProps {
  details: Details;
  mode: LoginMode;
  onBack: () => void;
  onSignedIn: () => void;
}

/** Step 2: Google sign-in; the ID token goes to /api/user/google-login with the sign-up details. */
function SignInStep({ details, mode, onBack, onSignedIn }: SignInStepProps) {
  const config = useGetAuthConfigQuery();
  const [googleLogin, login] = useGoogleLoginMutation();
  const [createDevIdToken, devToken] = useCreateDevIdTokenMutation();
  const email = details.email.trim();
  const signUp = mode === 'signup';

  async function signIn(tokenId: string) {
    try {
      const result = await googleLogin({
        googleLoginDto: signUp
          ? {
              tokenId,
              firstName: details.firstName.trim(),
              lastName: details.lastName.trim(),
              phone: details.phone.trim(),
            }
          : { tokenId },
      }).unwrap();
      if (!result.success) {
        toast.error(result.message ?? MESSAGES.googleLoginFailed);
        return;
      }
      toast.success(MESSAGES.loggedInWithGoogle);
      onSignedIn();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.googleLoginFailed));
    }
  }

  /** Google's credential, posted only when it is for the step-1 email (the server verifies the token). */
  function googleCredential(tokenId: string) {
    if (idTokenEmail(tokenId)?.toLowerCase() !== email.toLowerCase()) {
      toast.error(wrongGoogleAccountMessage(email));
      return;
    }
    void signIn(tokenId);
  }

  async function devSignIn() {
    try {
      const { tokenId } = await createDevIdToken({
        devIdTokenDto: signUp
          ? { email, firstName: details.firstName.trim(), lastName: details.lastName.trim() }
          : { email },
      }).unwrap();
      await signIn(tokenId);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.googleLoginFailed));
    }
  }

  const busy = login.isLoading || devToken.isLoading;
  const clientId = config.data?.googleClientId;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">
        Step 2 of 2: {signUp ? 'finish creating your account' : 'sign in'} as{' '}
        <strong className="break-all text-gray-900">{email}</strong>.
        {clientId && ' Choose the same Google account.'}
      </p>
      {config.isLoading ? (
        <div className="flex justify-center py-2">
          <Spinner label="Loading sign-in options" />
        </div>
      ) : clientId ? (
        <GoogleSignInButton
          clientId={clientId}
          onCredential={googleCredential}
          onError={(message) => toast.error(message)}
        />
      ) : config.data?.devSignIn ? (
        <div className="flex flex-col gap-2">
          <Button fullWidth onClick={() => void devSignIn()} loading={busy}>
            Continue with development sign-in
          </Button>
          <p className="text-xs text-gray-600">
            Google sign-in is not configured on this server, so a local test identity for this email is used.
          </p>
        </div>
      ) : (
        <p className="text-sm text-danger" role="alert">
          {config.isError ? errorMessage(config.error) : MESSAGES.signInUnavailable}
        </p>
      )}
      {busy && clientId && <Spinner label="Signing you in" />}
      <Button variant="ghost" onClick={onBack} disabled={busy}>
        Back
      </Button>
    </div>
  );
}
