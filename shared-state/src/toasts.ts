import type { Renderable, ToastOptions, toast as hotToast } from 'react-hot-toast';

/**
 * The shop's toasts: react-hot-toast's `toast`, loaded the first time a toast is shown. Most page views show
 * none, so the library stays out of the first load. react-hot-toast is a shared singleton: the host renders
 * its <Toaster/> once toasts are wanted (onToastsWanted) and every app's toasts reach it.
 */
type HotToast = typeof hotToast;

let loaded: HotToast | undefined;
let loading: Promise<HotToast> | undefined;
const wantedListeners = new Set<() => void>();

/** Loads react-hot-toast once and tells whoever waits for it (the host's <Toaster/>). */
export function loadToasts(): Promise<HotToast> {
  if (!loading) {
    loading = import('react-hot-toast').then((module) => (loaded = module.toast));
    // A failed load is tried again by the next toast.
    loading.catch(() => {
      loading = undefined;
    });
    for (const listener of [...wantedListeners]) listener();
  }
  return loading;
}

/** Calls `listener` when the first toast is wanted (at once if one already was); returns an unsubscribe. */
export function onToastsWanted(listener: () => void): () => void {
  if (loading || loaded) {
    listener();
    return () => undefined;
  }
  wantedListeners.add(listener);
  return () => {
    wantedListeners.delete(listener);
  };
}

function withToast(show: (toast: HotToast) => void): void {
  if (loaded) show(loaded);
  else loadToasts().then(show, (error: unknown) => console.error('Could not load the toasts', error));
}

/** `toast(message, options)`, `toast.success(...)`, `toast.error(...)`, `toast.dismiss(id)`, `toast.remove(id)`. */
export const toast = Object.assign(
  (message: Renderable, options?: ToastOptions) => withToast((t) => void t(message, options)),
  {
    success: (message: Renderable, options?: ToastOptions) =>
      withToast((t) => void t.success(message, options)),
    error: (message: Renderable, options?: ToastOptions) => withToast((t) => void t.error(message, options)),
    dismiss: (id?: string) => withToast((t) => t.dismiss(id)),
    remove: (id?: string) => withToast((t) => t.remove(id)),
  },
);
