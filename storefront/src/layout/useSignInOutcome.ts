import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { openLogin, useAppDispatch, toast } from '@larder/shared-state';

/**
 * Google's redirect sign-in (GET /api/auth/google) comes back to `/?login=failed` when it did not complete,
 * or to `/?login=signup` when the Google account's e-mail has no Larder account yet: sign-up needs the
 * form's details. Says so, opens the sign-up form for the latter, and takes the marker out of the address.
 */
export function useSignInOutcome() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useEffect(() => {
    const params = new URLSearchParams(search);
    const outcome = params.get('login');
    if (outcome !== 'failed' && outcome !== 'signup') return;
    // One id: a repeated effect (development's strict mode) shows the toast once.
    if (outcome === 'signup') {
      dispatch(openLogin('signup'));
      toast.error(MESSAGES.emailNotRegistered, { id: 'sign-in-outcome' });
    } else {
      toast.error(MESSAGES.googleLoginFailed, { id: 'sign-in-outcome' });
    }
    params.delete('login');
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [search, pathname, hash, navigate, dispatch]);
}
