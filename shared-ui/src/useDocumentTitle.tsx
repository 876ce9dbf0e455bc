import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { documentTitle } from '@larder/shared-domain';

const SiteNameContext = createContext('Larder');

/** Names the site that `useDocumentTitle` puts after every screen title below it ("Larder" by default). */
export function SiteNameProvider({ name, children }: { name: string; children: ReactNode }) {
  return <SiteNameContext.Provider value={name}>{children}</SiteNameContext.Provider>;
}

/**
 * Sets the browser tab title while the calling screen is shown, "<title> | <site>" (the site name alone for an
 * empty title), restoring the previous one afterwards.
 */
export function useDocumentTitle(title: string): void {
  const site = useContext(SiteNameContext);
  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle(title, site);
    return () => {
      document.title = previous;
    };
  }, [title, site]);
}
