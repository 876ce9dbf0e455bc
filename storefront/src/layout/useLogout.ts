import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '@larder/shared-domain';
import { useLogoutUserByPostMutation, errorMessage, toast } from '@larder/shared-state';

/** Signs the customer out (the session and cart slices follow the call) and goes home. */
export function useLogout() {
  const [logoutUser] = useLogoutUserByPostMutation();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      const result = await logoutUser().unwrap();
      toast.success(result.message ?? MESSAGES.loggedOut);
      navigate('/');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }, [logoutUser, navigate]);
}
