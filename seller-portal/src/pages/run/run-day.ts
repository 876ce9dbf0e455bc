import { useCallback, useEffect, useRef, useState } from 'react';
import { addCalendarDays, DELIVERY_SLOTS, MESSAGES, parseIsoDate } from '@larder/shared-domain';
import {
  errorMessage,
  toast,
  useLazyGetRunQuery,
  useUpdateFulfilmentMutation,
  type SellerOrderView,
} from '@larder/shared-state';

/** How many days from today a run may hold drops: orders are booked at most two days ahead. */
const DAYS_AHEAD = 2;

/** A drop still to be taken to its door (not delivered, not failed, not cancelled). */
export const toDeliver = (order: SellerOrderView) =>
  order.status === 'Pending' && !order.failedDelivery && order.fulfilment !== 'delivered';

/**
 * The run a driver opens on without choosing: the first slot from `today` on (today, then each day orders may be
 * booked for) with a drop still to deliver; today without a slot when there is none or the run cannot be read.
 * Undefined while looking (not looked for at all when `active` is false).
 */
export function useFirstRunWithDrops(
  today: string,
  active: boolean,
): { date: string; time: string } | undefined {
  const [getRun] = useLazyGetRunQuery();
  const [found, setFound] = useState<{ date: string; time: string } | undefined>(undefined);
  useEffect(() => {
    if (!active) return;
    let current = true;
    setFound(undefined);
    void (async () => {
      const { year, month, day } = parseIsoDate(today)!;
      try {
        for (let ahead = 0; ahead <= DAYS_AHEAD; ahead += 1) {
          const date = addCalendarDays(year, month, day, ahead);
          for (const time of DELIVERY_SLOTS) {
            const run = await getRun({ date, time }, true).unwrap();
            if (!current) return;
            if (run.orders.some(toDeliver)) return setFound({ date, time });
          }
        }
      } catch {
        // Without the runs (no signal, say) the driver chooses from today.
      }
      if (current) setFound({ date: today, time: '' });
    })();
    return () => {
      current = false;
    };
  }, [active, getRun, today]);
  return found;
}

/**
 * Starting a run: every picked order of the slot still to deliver goes out for delivery at once, each with its own
 * Idempotency-Key, kept for the order until it is out, so pressing again after a lost answer moves it once.
 */
export function useStartRun() {
  const [updateFulfilment] = useUpdateFulfilmentMutation();
  const [starting, setStarting] = useState(false);
  const keys = useRef(new Map<string, string>());

  const start = useCallback(
    async (orders: readonly SellerOrderView[]) => {
      const picked = orders.filter((order) => toDeliver(order) && order.fulfilment === 'picked');
      if (picked.length === 0) return;
      setStarting(true);
      const results = await Promise.allSettled(
        picked.map((order) => {
          const key = keys.current.get(order._id) ?? crypto.randomUUID();
          keys.current.set(order._id, key);
          return updateFulfilment({
            id: order._id,
            'idempotency-key': key,
            updateFulfilmentDto: { stage: 'out_for_delivery' },
          })
            .unwrap()
            .then(() => keys.current.delete(order._id));
        }),
      );
      setStarting(false);
      const failed = results.filter((result) => result.status === 'rejected');
      const out = results.length - failed.length;
      if (out > 0) toast.success(out === 1 ? '1 order out for delivery' : `${out} orders out for delivery`);
      if (failed.length > 0) {
        const reason = errorMessage(failed[0]!.reason, MESSAGES.somethingWentWrong);
        toast.error(
          `${failed.length === 1 ? '1 order was' : `${failed.length} orders were`} not taken out: ${reason}`,
        );
      }
    },
    [updateFulfilment],
  );

  return { start, starting };
}
