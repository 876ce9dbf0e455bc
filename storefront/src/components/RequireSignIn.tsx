/**
 * Shared storefront hook: actions that need a signed-in customer (Add to Cart, Buy now, ...).
 *   const requireSignIn = useRequireSignIn();
 *   <button onClick={() => requireSignIn(() => add(product._id))}>Add to Cart</button>
 * A visitor gets the not-signed-in prompt instead; its Sign Up button opens the login modal.
 * <SignInPromptProvider> is mounted once by the storefront layout.
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import { openLogin, selectIsSignedIn, useAppDispatch, useAppSelector } from '@larder/shared-state';
import { Button, Modal } from '@larder/shared-ui';

type RequireSignIn = (action: () => void) => void;

const PromptContext = createContext<(() => void) | null>(null);

export function SignInPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const dispatch = useAppDispatch();
  const signUpRef = useRef<HTMLButtonElement>(null);
  const show = useCallback(() => setOpen(true), []);

  return (
    <PromptContext.Provider value={show}>
      {children}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={MESSAGES.notSignedIn}
        role="alertdialog"
        size="sm"
        initialFocusRef={signUpRef}
        showCloseButton={false}
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            ref={signUpRef}
            onClick={() => {
              setOpen(false);
              dispatch(openLogin('signup'));
            }}
          >
            Sign Up
          </Button>
        </div>
      </Modal>
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
