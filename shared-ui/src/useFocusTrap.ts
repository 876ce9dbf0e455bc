import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable="true"]',
].join(',');

/** The elements in `container` that Tab can reach, in document order (inert and aria-hidden ones left out). */
function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  );
}

export interface FocusTrapOptions {
  /** Called when Escape is pressed while the trap is on (the listener runs in the capture phase). */
  onEscape: (event: KeyboardEvent) => void;
  /** The element to focus when the trap starts (default: the first focusable element inside, else the container). */
  initialFocus?: () => HTMLElement | null | undefined;
  /** The element that gets the focus back when the trap ends (default: the one focused when it started). */
  returnFocus?: () => HTMLElement | null | undefined;
}

/**
 * Focus handling of a modal panel. While `active`: focus moves into the container and Tab and Shift+Tab
 * cycle inside it, Escape calls `onEscape`, and the page behind does not scroll. When it ends (or the
 * component unmounts), scrolling comes back and focus returns. `initialFocus` and `returnFocus` are read
 * when the trap starts; `onEscape` when the key is pressed.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  active: boolean,
  options: FocusTrapOptions,
): void {
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    if (!active) return undefined;
    const { initialFocus, returnFocus } = optionsRef.current;
    const returnTo = returnFocus ? returnFocus() : (document.activeElement as HTMLElement | null);
    const container = containerRef.current;
    if (container) {
      const target = initialFocus?.() ?? focusableIn(container)[0] ?? container;
      target.focus();
    }
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        optionsRef.current.onEscape(event);
        return;
      }
      const current = containerRef.current;
      if (event.key !== 'Tab' || !current) return;
      const focusable = focusableIn(current);
      if (focusable.length === 0) {
        event.preventDefault();
        current.focus();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const focused = document.activeElement;
      const outside = !current.contains(focused);
      if (event.shiftKey && (focused === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (focused === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      if (returnTo && typeof returnTo.focus === 'function' && returnTo.isConnected) {
        returnTo.focus();
      }
    };
  }, [active, containerRef]);
}
