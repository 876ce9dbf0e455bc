/** Shared across storefront pages. */
import { useEffect } from 'react';

/** Sets the browser tab title while the calling page is shown, restoring the previous one afterwards. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} | Larder` : 'Larder';
    return () => {
      document.title = previous;
    };
  }, [title]);
}
