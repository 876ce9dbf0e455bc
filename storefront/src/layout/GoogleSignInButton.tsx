import { useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import { Spinner } from '@larder/shared-ui';
import { loadGoogleIdentity } from './google-identity';

interface GoogleSignInButtonProps {
  clientId: string;
  /** Receives the ID token (the `credential`) Google returns. */
  onCredential: (tokenId: string) => void;
  onError: (message: string) => void;
}

/** Google's own "Continue with Google" button, rendered by Google Identity Services. */
export function GoogleSignInButton({ clientId, onCredential, onError }: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onCredential, onError });
  callbacks.current = { onCredential, onError };
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((id) => {
        if (!active || !container.current) return;
        id.initialize({
          client_id: clientId,
          use_fedcm_for_button: true,
          callback: (response) => {
            if (response.credential) callbacks.current.onCredential(response.credential);
            else callbacks.current.onError(MESSAGES.googleLoginFailed);
          },
        });
        id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          logo_alignment: 'center',
          width: Math.min(container.current.clientWidth || 320, 400),
        });
        setState('ready');
      })
      .catch(() => {
        if (active) setState('failed');
      });
    return () => {
      active = false;
    };
  }, [clientId]);

  return (
    <div className="flex min-h-11 w-full flex-col items-center justify-center">
      {state === 'loading' && <Spinner label="Loading Google sign-in" />}
      {state === 'failed' && (
        <p className="text-sm text-danger" role="alert">
          {MESSAGES.googleSignInLoadFailed}
        </p>
      )}
      <div ref={container} className="flex w-full justify-center" />
    </div>
  );
}
