import { useState, type FormEvent } from 'react';
import { MESSAGES, MIN_STAFF_PASSWORD_LENGTH, STAFF_MESSAGES } from '@larder/shared-domain';
import {
  useChangeStaffPasswordMutation,
  useSellerLogoutByPostMutation,
  errorMessage,
  successMessage,
  toast,
} from '@larder/shared-state';
import { Button, TextInput, useDocumentTitle } from '@larder/shared-ui';
import { Logo } from './Logo';

/**
 * A member signing in with the first password the owner chose for them replaces it here before anything else
 * (every other seller call answers 403 until then).
 */
export function ChoosePassword({ name }: { name: string }) {
  useDocumentTitle('Choose a new password');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ current?: string; next?: string; again?: string }>({});
  const [change, { isLoading }] = useChangeStaffPasswordMutation();
  const [logout, { isLoading: leaving }] = useSellerLogoutByPostMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (next.length < MIN_STAFF_PASSWORD_LENGTH) {
      setErrors({ next: STAFF_MESSAGES.passwordTooShort });
      return;
    }
    if (next !== again) {
      setErrors({ again: 'The two new passwords are not the same.' });
      return;
    }
    try {
      const result = await change({
        changePasswordDto: { currentPassword: current, newPassword: next },
      }).unwrap();
      toast.success(successMessage(result, STAFF_MESSAGES.passwordChanged));
    } catch (error) {
      const message = errorMessage(error, MESSAGES.somethingWentWrong);
      if (message === STAFF_MESSAGES.currentPasswordWrong) setErrors({ current: message });
      else setErrors({ next: message });
    }
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-sm rounded-xl border border-gray-200 bg-white p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex justify-center">
          <Logo />
        </div>
        <h1 className="mb-2 text-center text-2xl font-semibold text-gray-900">Choose a new password</h1>
        <p className="mb-6 text-center text-sm text-gray-600">
          Welcome, {name}. Your first password was chosen for you: choose your own before you go on.
        </p>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextInput
            label="Current password"
            type="password"
            name="current-password"
            autoComplete="current-password"
            required
            value={current}
            error={errors.current}
            onChange={(event) => {
              setCurrent(event.target.value);
              setErrors({});
            }}
          />
          <TextInput
            label="New password"
            type="password"
            name="new-password"
            autoComplete="new-password"
            required
            hint={`At least ${MIN_STAFF_PASSWORD_LENGTH} characters, not one anybody would guess.`}
            value={next}
            error={errors.next}
            onChange={(event) => {
              setNext(event.target.value);
              setErrors({});
            }}
          />
          <TextInput
            label="New password again"
            type="password"
            name="new-password-again"
            autoComplete="new-password"
            required
            value={again}
            error={errors.again}
            onChange={(event) => {
              setAgain(event.target.value);
              setErrors({});
            }}
          />
          <Button type="submit" fullWidth loading={isLoading} className="mt-2">
            Save new password
          </Button>
          <Button
            type="button"
            variant="secondary"
            fullWidth
            loading={leaving}
            onClick={() =>
              void logout()
                .unwrap()
                .catch(() => undefined)
            }
          >
            Logout
          </Button>
        </form>
      </div>
    </main>
  );
}
