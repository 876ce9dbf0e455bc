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
import type { ConfirmOptions } from './ConfirmDialog';

export type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

// The dialog's code (with the modal) loads when a page that may ask is shown, not with every page.
const loadConfirmDialog = () => import('./ConfirmDialog');
const ConfirmDialog = lazy(() => loadConfirmDialog().then((module) => ({ default: module.ConfirmDialog })));

interface Pending {
  id: number;
  options: ConfirmOptions;
  resolve: (confirmed: boolean) => void;
}

/** Renders the confirmation dialog that `useConfirm()` opens. Mount it once around an app's routes. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [asked, setAsked] = useState(false);
  const counter = useRef(0);

  const confirm = useCallback<Confirm>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setAsked(true);
        setPending((previous) => {
          previous?.resolve(false);
          counter.current += 1;
          return { id: counter.current, options, resolve };
        });
      }),
    [],
  );

  const settle = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {asked && (
        <Suspense fallback={null}>
          {/* A fresh dialog per request, so a follow-up question starts again with focus on Cancel. */}
          <ConfirmDialog
            key={pending?.id ?? 0}
            open={pending !== null}
            title={pending?.options.title ?? ''}
            message={pending?.options.message}
            confirmLabel={pending?.options.confirmLabel}
            cancelLabel={pending?.options.cancelLabel}
            danger={pending?.options.danger}
            onConfirm={() => settle(true)}
            onCancel={() => settle(false)}
          />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/**
 * `const confirm = useConfirm(); if (await confirm({ title, message, confirmLabel, danger })) ...`
 * Resolves true on confirm, false on cancel, Escape or a click outside. Needs a <ConfirmProvider> above.
 * A component that uses it fetches the dialog's code ahead, so the question shows at once.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  useEffect(() => {
    loadConfirmDialog().catch(() => undefined); // the dialog tries again when it is shown
  }, []);
  if (!confirm) throw new Error('useConfirm() needs a <ConfirmProvider> around the component tree.');
  return confirm;
}
