/**
 * Shared storefront hook: actions that need a signed-in customer (Add to Cart, Buy now, ...).
 *   const requireSignIn = useRequireSignIn();
 *   <button onClick={() => requireSignIn(() => add(product._id), { afterSignIn: true })}>Add to Cart</button>
 * A visitor gets the not-signed-in prompt instead; its Sign Up button opens the login modal. With
 * `afterSignIn`, the action that opened the prompt is done once the visitor has signed in (the product they were
 * adding is in the basket); Cancel on the prompt, or closing the login modal without signing in, forgets it.
 * <SignInPromptProvider> is mounted once by the storefront layout.
 */
import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { selectIsSignedIn, selectShowUserLogin, useAppSelector } from '@larder/shared-state';

export interface RequireSignInOptions {
  /** Do the action once the visitor has signed in from the prompt it opened. */
  afterSignIn?: boolean;
}

type RequireSignIn = (action: () => void, options?: RequireSignInOptions) => void;

const PromptContext = createContext<((pending?: () => void) => void) | null>(null);

// The prompt's code (with the modal) loads the first time a visitor needs it.
const SignInPrompt = lazy(() =>
  import(/* webpackChunkName: "sign-in-prompt" */ './SignInPrompt').then((module) => ({
    default: module.SignInPrompt,
  })),
);

export function SignInPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  /** The action waiting for the visitor to sign in, if the prompt was opened by one that should. */
  const pending = useRef<(() => void) | undefined>(undefined);
  const signedIn = useAppSelector(selectIsSignedIn);
  const loginOpen = useAppSelector(selectShowUserLogin);
  const show = useCallback((action?: () => void) => {
    pending.current = action;
    setWanted(true);
    setOpen(true);
  }, []);

  // Signed in: the action that asked for it is done now, once.
  useEffect(() => {
    if (!signedIn || !pending.current) return;
    const action = pending.current;
    pending.current = undefined;
    action();
  }, [signedIn]);

  // The login modal closed while still signed out (and the prompt is closed too): the action is forgotten.
  const wasLoginOpen = useRef(loginOpen);
  useEffect(() => {
    if (wasLoginOpen.current && !loginOpen && !signedIn && !open) pending.current = undefined;
    wasLoginOpen.current = loginOpen;
  }, [loginOpen, signedIn, open]);

  return (
    <PromptContext.Provider value={show}>
      {children}
      {/* Mounted from the first prompt on, so it closes (and gives focus back) as a mounted modal does. */}
      {wanted && (
        <Suspense fallback={null}>
          <SignInPrompt
            open={open}
            onClose={() => setOpen(false)}
            onCancel={() => {
              pending.current = undefined;
              setOpen(false);
            }}
          />
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
    (action, options) => {
      if (signedIn) action();
      else if (showPrompt) showPrompt(options?.afterSignIn ? action : undefined);
      else throw new Error('useRequireSignIn() needs a <SignInPromptProvider> above it.');
    },
    [signedIn, showPrompt],
  );
}
