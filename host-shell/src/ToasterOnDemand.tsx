import { Suspense, lazy, useEffect, useState } from 'react';
import { loadToasts, onToastsWanted } from '@larder/shared-state';

const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })));

/**
 * react-hot-toast's <Toaster/> for every app, loaded when the first toast is wanted (`toast` from
 * @larder/shared-state) or at the first tap or key press, which usually comes just before one; nothing is
 * drawn until then. react-hot-toast's defaults are the shop's toast limits: 20 at once, 4 s (2 s for success).
 */
export function ToasterOnDemand() {
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const unsubscribe = onToastsWanted(() => setWanted(true));
    const early = () => {
      stopListening();
      loadToasts().catch(() => undefined); // a toast shown later tries again
    };
    const stopListening = () => {
      window.removeEventListener('pointerdown', early, true);
      window.removeEventListener('keydown', early, true);
    };
    window.addEventListener('pointerdown', early, true);
    window.addEventListener('keydown', early, true);
    return () => {
      unsubscribe();
      stopListening();
    };
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
