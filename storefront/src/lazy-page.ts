import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/** A page whose code loads on first use, and can be asked to load ahead of it. */
export interface LazyPage {
  (): ReactElement;
  /** Loads the page's code; once it has arrived the page renders at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * Like React's `lazy`, with `preload()`. A page loaded ahead renders directly: a server-rendered page then
 * hydrates in one pass. Otherwise its Suspense boundary would wait for the code with the server's markup in
 * place, and an update above it in the meantime (the session's answer, say) would make React throw that
 * markup away and draw the page again.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const fetchPage = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a later visit may try again
        throw error;
      },
    ));
  const Lazy = lazy(fetchPage);
  const Page = () => createElement(loaded ?? Lazy);
  Page.preload = () => fetchPage().then(() => undefined);
  return Page;
}
