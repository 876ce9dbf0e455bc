import { useState, type FormEvent } from 'react';
import { ERROR_CODES, errorCodeOf, MESSAGES } from '@larder/shared-domain';
import {
  useSellerLoginCodeMutation,
  useSellerLoginMutation,
  errorMessage,
  successMessage,
  toast,
} from '@larder/shared-state';
import { Button, TextInput, useDocumentTitle } from '@larder/shared-ui';
import { Logo } from './Logo';

/**
 * Email and password sign-in for the seller, then the authenticator code when two-factor sign-in is on. The
 * session slice flips to "seller" when it succeeds.
 */
export function SellerLogin() {
  const [step, setStep] = useState<'password' | 'code'>('password');
  useDocumentTitle(step === 'code' ? 'Two-factor sign-in' : 'Seller Login');

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border border-gray-200 bg-white p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        {step === 'password' ? (
          <PasswordStep onCodeNeeded={() => setStep('code')} />
        ) : (
          <CodeStep onRestart={() => setStep('password')} />
        )}
      </div>
    </main>
  );
}

function PasswordStep({ onCodeNeeded }: { onCodeNeeded: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { isLoading }] = useSellerLoginMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const result = await login({ sellerLoginDto: { email: email.trim(), password } }).unwrap();
      if (result.twoFactorRequired) onCodeNeeded();
      else toast.success(successMessage(result, MESSAGES.sellerLoggedIn));
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.loginFailed));
    }
  };

  return (
    <>
      <h1 className="mb-6 text-center text-2xl font-semibold text-gray-900">
        <span className="text-primary">Seller</span> Login
      </h1>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextInput
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          placeholder="seller@example.com"
        />
        <TextInput
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button type="submit" fullWidth loading={isLoading} className="mt-2">
          Login
        </Button>
      </form>
    </>
  );
}

function CodeStep({ onRestart }: { onRestart: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [send, { isLoading }] = useSellerLoginCodeMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const result = await send({ twoFactorCodeDto: { code: code.trim() } }).unwrap();
      toast.success(successMessage(result, MESSAGES.sellerLoggedIn));
    } catch (failure) {
      const message = errorMessage(failure, MESSAGES.loginFailed);
      if (errorCodeOf(failure) === ERROR_CODES.TWO_FACTOR_SIGN_IN_EXPIRED) {
        toast.error(message);
        onRestart();
        return;
      }
      setError(message);
      setCode('');
    }
  };

  return (
    <>
      <h1 className="mb-2 text-center text-2xl font-semibold text-gray-900">Two-factor sign-in</h1>
      <p className="mb-6 text-center text-sm text-gray-600">
        {MESSAGES.twoFactorCodeNeeded}. Lost your phone? Enter one of your recovery codes instead.
      </p>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextInput
          label="Code"
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          required
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          placeholder="123456"
        />
        <Button type="submit" fullWidth loading={isLoading} disabled={code.trim() === ''} className="mt-2">
          Verify
        </Button>
        <Button type="button" variant="secondary" fullWidth onClick={onRestart}>
          Back to email and password
        </Button>
      </form>
    </>
  );
}
