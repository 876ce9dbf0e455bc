import { useEffect, useLayoutEffect, useState } from 'react';
import { browserClockTookOver, selectRenderedAt, useAppDispatch, useAppSelector } from '@larder/shared-state';

/**
 * The current time, refreshed every `intervalMs` (and when the tab becomes visible again). A page rendered on
 * the server for one customer starts at the moment it was rendered for (slices/page-clock.ts in shared-state), so
 * the browser draws the same markup to take it over, and moves to the browser's own clock before it paints.
 */
export function useNow(intervalMs: number): Date {
  const renderedAt = useAppSelector(selectRenderedAt);
  const dispatch = useAppDispatch();
  // The moment of the first render, kept: the store's moment goes once the browser's clock takes over.
  const [startedAt] = useState(renderedAt);
  const [now, setNow] = useState(() => (startedAt === null ? new Date() : new Date(startedAt)));
  // Before the browser paints: the server's moment is only ever the first render's, never shown by the browser.
  useLayoutEffect(() => {
    if (startedAt === null) return;
    setNow(new Date());
    dispatch(browserClockTookOver());
  }, [startedAt, dispatch]);
  useEffect(() => {
    const tick = () => setNow(new Date());
    const timer = window.setInterval(tick, intervalMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs]);
  return now;
}
