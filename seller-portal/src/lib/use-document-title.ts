import { useEffect } from 'react';

/** Names the browser tab after the screen, restoring the previous title on the way out. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Larder Seller`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
