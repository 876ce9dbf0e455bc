/**
 * Shared storefront hook: actions that need a signed-in customer (Add to Cart, Buy now, ...).
 *   const requireSignIn = useRequireSignIn();
 *   <button onClick={() => requireSignIn(() => add(product._id))}>Add to Cart</button>
 * A visitor gets the not-signed-in prompt instead; its Sign Up button opens the login modal.
 * <SignInPromptProvider> is mounted once by the storefront layout.
 */
import { Suspense, createContext, lazy, useCallback, useContext, useState, type ReactNode } from 'react';
import { selectIsSignedIn, useAppSelector } from '@larder/shared-state';

type RequireSignIn = (action: () => void) => void;

const PromptContext = createContext<(() => void) | null>(null);

// The prompt's code (with the modal) loads the first time a visitor needs it.
const SignInPrompt = lazy(() =>
  import(/* webpackChunkName: "sign-in-prompt" */ './SignInPrompt').then((module) => ({
    default: module.SignInPrompt,
  })),
);

export function SignInPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const show = useCallback(() => {
    setWanted(true);
    setOpen(true);
  }, []);

  return (
    <PromptContext.Provider value={show}>
      {children}
      {/* Mounted from the first prompt on, so it closes (and gives focus back) as a mounted modal does. */}
      {wanted && (
        <Suspense fallback={null}>
          <SignInPrompt open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </PromptContext.Provider>
  );
}

/** Runs the action for a signed-in customer; otherwise shows the not-signed-in prompt. */
export function useRequireSignIn(): RequireSignIn {
  const signedIn = useAppSelector(selectIsSignedIn);
  const showPrompt = useContext(PromptContext);
  return useCallback<RequireSignIn>(
    (action) => {
      if (signedIn) action();
      else if (showPrompt) showPrompt();
      else throw new Error('useRequireSignIn() needs a <SignInPromptProvider> above it.');
    },
    [signedIn, showPrompt],
  );
}
