import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../cx';
import { useFocusTrap } from '../useFocusTrap';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and (unless turned off) on a click outside the panel. */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  hideTitle?: boolean;
  /** Extra description, linked with aria-describedby. */
  description?: ReactNode;
  children?: ReactNode;
  /** Element to focus first (default: the first focusable element in the panel). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  closeOnBackdrop?: boolean;
  /** Shows a labelled × button in the corner. */
  showCloseButton?: boolean;
  size?: 'sm' | 'md' | 'lg';
  role?: 'dialog' | 'alertdialog';
  className?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' };

/**
 * A modal dialog: rendered over the page in a portal, labelled by its title, focus moved inside and kept
 * there (Tab and Shift+Tab cycle), Escape closes, and focus returns to where it was when it closes.
 */
export function Modal({
  open,
  onClose,
  title,
  hideTitle = false,
  description,
  children,
  initialFocusRef,
  closeOnBackdrop = true,
  showCloseButton = true,
  size = 'md',
  role = 'dialog',
  className,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();
  const descriptionId = useId();

  useFocusTrap(panelRef, open, {
    onEscape: (event) => {
      event.stopPropagation();
      onCloseRef.current();
    },
    initialFocus: () => initialFocusRef?.current,
  });

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/50 p-0 sm:items-center sm:p-4"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx(
          'relative max-h-[90vh] w-full overflow-y-auto rounded-t-xl bg-white p-6 shadow-xl sm:rounded-xl',
          widths[size],
          className,
        )}
      >
        <h2 id={titleId} className={cx('pr-8 text-lg font-semibold text-gray-900', hideTitle && 'sr-only')}>
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-2 text-sm text-gray-700">
            {description}
          </div>
        )}
        {children && <div className="mt-4">{children}</div>}
        {/* Last in the DOM, so focus starts on the dialog's own content; shown in the corner. */}
        {showCloseButton && (
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <svg viewBox="0 0 20 20" className="h-5 w-5" aria-hidden="true" fill="currentColor">
              <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
            </svg>
          </button>
        )}
      </div>
    </div>,
    document.body,
  );
}

/** Another name for Modal. */
export const Dialog = Modal;
