import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import {
  openLogin,
  selectSessionStatus,
  selectUser,
  useAppDispatch,
  useAppSelector,
  type SessionUser,
} from '@larder/shared-state';
import { Button, buttonClasses } from '@larder/shared-ui';

interface SignInGateProps {
  /** The page's heading, shown above the notice so the page keeps its h1. */
  title: string;
  /** What to show while the session check is still answering. */
  loading: ReactNode;
  children: (user: SessionUser) => ReactNode;
}

/** Renders a customer-only page for the signed-in customer; a visitor gets the not-signed-in notice instead. */
export function SignInGate({ title, loading, children }: SignInGateProps) {
  const user = useAppSelector(selectUser);
  const status = useAppSelector(selectSessionStatus);
  const dispatch = useAppDispatch();

  if (user) return <>{children(user)}</>;
  if (status !== 'ready') return <>{loading}</>;
  return (
    <section className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
      <p className="mt-4 text-gray-700" role="status">
        {MESSAGES.notSignedIn}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Button onClick={() => dispatch(openLogin('signup'))}>Sign Up</Button>
        <Link to="/" className={buttonClasses({ variant: 'secondary' })}>
          Cancel
        </Link>
      </div>
    </section>
  );
}
