import { useCallback, useLayoutEffect, useState } from 'react';

/** Where the basket keeps the chosen delivery date and slot for the browser tab's session. */
export const KEPT_DELIVERY_KEY = 'larder:basket-delivery';

interface KeptDelivery {
  date: string | null;
  time: string | null;
}

const NONE_KEPT: KeptDelivery = { date: null, time: null };

function read(): KeptDelivery {
  try {
    const kept = JSON.parse(
      sessionStorage.getItem(KEPT_DELIVERY_KEY) ?? 'null',
    ) as Partial<KeptDelivery> | null;
    return {
      date: typeof kept?.date === 'string' ? kept.date : null,
      time: typeof kept?.time === 'string' ? kept.time : null,
    };
  } catch {
    return NONE_KEPT;
  }
}

function write(kept: KeptDelivery): void {
  try {
    sessionStorage.setItem(KEPT_DELIVERY_KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (a private window, full): the choice lasts while the page is open.
  }
}

/**
 * The delivery date and slot the shopper chose in the basket, kept for the session (sessionStorage: this tab,
 * until it is closed), so coming back to the basket finds them chosen. A date no longer on offer or a slot that
 * has filled up is dropped where they are used, as when chosen on the page. The first render has none, as the
 * server's (which has no session storage) had; the kept choice comes in before the browser paints.
 */
export function useKeptDelivery() {
  const [kept, setKept] = useState<KeptDelivery>(NONE_KEPT);
  useLayoutEffect(() => setKept(read()), []);
  const update = useCallback((change: Partial<KeptDelivery>) => {
    setKept((current) => {
      const next = { ...current, ...change };
      write(next);
      return next;
    });
  }, []);
  const setDate = useCallback((date: string | null) => update({ date }), [update]);
  const setTime = useCallback((time: string | null) => update({ time }), [update]);
  return { date: kept.date, time: kept.time, setDate, setTime };
}
