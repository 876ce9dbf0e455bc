import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import { useSellerLoginMutation, errorMessage, successMessage, toast } from '@larder/shared-state';
import { Button, TextInput, useDocumentTitle } from '@larder/shared-ui';
import { Logo } from './Logo';

/** Email and password sign-in for the seller. The session slice flips to "seller" when it succeeds. */
export function SellerLogin() {
  useDocumentTitle('Seller Login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { isLoading }] = useSellerLoginMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const result = await login({ sellerLoginDto: { email: email.trim(), password } }).unwrap();
      toast.success(successMessage(result, MESSAGES.sellerLoggedIn));
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.loginFailed));
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border border-gray-200 bg-white p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
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
      </div>
    </main>
  );
}
