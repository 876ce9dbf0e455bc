import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

/** A page whose code loads on first use, and can be asked to load ahead of it. */
export interface LazyPage {
  (): ReactElement;
  /** The chunk its code is built into (the `webpackChunkName` of its import). */
  readonly chunk: string;
  /** Loads the page's code; once it has arrived the page renders at once, without suspending. */
  preload(): Promise<void>;
}

/**
 * Like React's `lazy`, with `preload()` and the name of the page's chunk, which must be the `webpackChunkName`
 * its import gives (routes.spec.ts reads both in routes.tsx). A page loaded ahead renders directly: a server-rendered page then
 * hydrates in one pass. Otherwise its Suspense boundary would wait for the code with the server's markup in
 * place, and an update above it in the meantime (the session's answer, say) would make React throw that
 * markup away and draw the page again.
 */
export function lazyPage(chunk: string, load: () => Promise<{ default: ComponentType }>): LazyPage {
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
  Page.chunk = chunk;
  Page.preload = () => fetchPage().then(() => undefined);
  return Page;
}
