import { useRef } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import { openLogin, useAppDispatch } from '@larder/shared-state';
import { Button, Modal } from '@larder/shared-ui';

/**
 * The not-signed-in prompt: Cancel (or Escape), or Sign Up, which opens the login modal. `onClose` closes it on
 * the way to signing in; `onCancel` when the visitor turns it down.
 */
export function SignInPrompt({
  open,
  onClose,
  onCancel = onClose,
}: {
  open: boolean;
  onClose: () => void;
  onCancel?: () => void;
}) {
  const dispatch = useAppDispatch();
  const signUpRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={MESSAGES.notSignedIn}
      role="alertdialog"
      size="sm"
      initialFocusRef={signUpRef}
      showCloseButton={false}
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          ref={signUpRef}
          onClick={() => {
            onClose();
            dispatch(openLogin('signup'));
          }}
        >
          Sign Up
        </Button>
      </div>
    </Modal>
  );
}
