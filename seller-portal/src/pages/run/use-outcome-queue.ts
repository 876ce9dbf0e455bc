import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import { errorMessage, toast, useUpdateFulfilmentMutation } from '@larder/shared-state';
import { queueOutcome, queuedOutcomes, removeOutcome, type QueuedOutcome } from '../../lib/outcome-queue';

/**
 * Sends what the member `staffId` recorded on this phone, oldest first (another member's outcomes wait for them).
 * An outcome the server refuses (4xx) will never be accepted: it is dropped and said; a lost connection, a server
 * error or a session the server no longer knows (401) keeps it, and the rest, for the next try. Until the member
 * is known (`staffId` undefined) nothing is read or sent.
 */
export function useOutcomeQueue(staffId: string | undefined) {
  /** What waits on the phone; undefined until the phone's store has been read. */
  const [queued, setQueued] = useState<QueuedOutcome[] | undefined>(undefined);
  const [sendingNow, setSendingNow] = useState(false);
  /** Why the server refused an outcome, by order: said on its drop until the page is left. */
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [updateFulfilment] = useUpdateFulfilmentMutation();
  const sending = useRef(false);

  const refresh = useCallback(async () => {
    if (staffId !== undefined) setQueued(await queuedOutcomes(staffId));
  }, [staffId]);

  const flush = useCallback(async () => {
    if (sending.current || staffId === undefined) return;
    sending.current = true;
    setSendingNow(true);
    try {
      for (const outcome of await queuedOutcomes(staffId)) {
        try {
          await updateFulfilment({
            id: outcome.orderId,
            'idempotency-key': outcome.key,
            updateFulfilmentDto: outcome.body as never,
          }).unwrap();
          await removeOutcome(outcome.key);
        } catch (error) {
          const status = (error as { status?: unknown }).status;
          if (typeof status === 'number' && status >= 400 && status < 500 && status !== 401) {
            await removeOutcome(outcome.key);
            const message = errorMessage(error, MESSAGES.somethingWentWrong);
            setRefused((all) => ({ ...all, [outcome.orderId]: message }));
            toast.error(message);
          } else break;
        }
      }
    } finally {
      await refresh();
      sending.current = false;
      setSendingNow(false);
    }
  }, [refresh, staffId, updateFulfilment]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const add = useCallback(
    async (orderId: string, body: Record<string, unknown>) => {
      if (staffId === undefined) return;
      setRefused(({ [orderId]: _dropped, ...others }) => others);
      await queueOutcome({ staffId, orderId, body });
      await refresh();
      await flush();
    },
    [flush, refresh, staffId],
  );

  return { queued, refused, sending: sendingNow, add, flush };
}
