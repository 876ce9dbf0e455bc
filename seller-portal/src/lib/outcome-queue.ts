import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * What a driver records at a door, kept on the phone (IndexedDB) until the server has it: each outcome with its
 * own Idempotency-Key, so sending it again after a lost answer records it once, and closing the page loses
 * nothing. Each outcome names the member who recorded it: only they send it (a phone may be handed to another
 * driver), and their sign-out clears theirs. Sent oldest first when the connection returns.
 */
export interface QueuedOutcome {
  /** The Idempotency-Key, also the record's key. */
  key: string;
  /** The member of staff who recorded it (their id); outcomes kept before members were named have none. */
  staffId?: string;
  orderId: string;
  body: Record<string, unknown>;
  queuedAt: number;
}

interface OutcomeDb extends DBSchema {
  outcomes: { key: string; value: QueuedOutcome; indexes: { queuedAt: number } };
}

const DB_NAME = 'larder-driver';

let opening: Promise<IDBPDatabase<OutcomeDb>> | undefined;

function database(): Promise<IDBPDatabase<OutcomeDb>> {
  opening ??= openDB<OutcomeDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('outcomes', { keyPath: 'key' }).createIndex('queuedAt', 'queuedAt');
    },
  });
  return opening;
}

/** Whether this browser keeps anything at all (IndexedDB may be missing or refused, e.g. private windows). */
const hasStore = () => typeof indexedDB !== 'undefined';

export async function queueOutcome(
  outcome: Omit<QueuedOutcome, 'key' | 'queuedAt' | 'staffId'> & { staffId: string },
): Promise<QueuedOutcome> {
  const queued = { ...outcome, key: crypto.randomUUID(), queuedAt: Date.now() };
  await (await database()).put('outcomes', queued);
  return queued;
}

/** What waits on the phone, oldest first: everyone's, or only what the member `staffId` recorded. */
export async function queuedOutcomes(staffId?: string): Promise<QueuedOutcome[]> {
  if (!hasStore()) return [];
  const all = await (await database()).getAllFromIndex('outcomes', 'queuedAt');
  return staffId === undefined ? all : all.filter((outcome) => outcome.staffId === staffId);
}

export async function removeOutcome(key: string): Promise<void> {
  await (await database()).delete('outcomes', key);
}

/** Deletes what the member `staffId` recorded and has not sent (at their sign-out); answers how many went. */
export async function clearOutcomesOf(staffId: string): Promise<number> {
  const theirs = await queuedOutcomes(staffId);
  if (theirs.length === 0) return 0;
  const db = await database();
  const tx = db.transaction('outcomes', 'readwrite');
  await Promise.all([...theirs.map((outcome) => tx.store.delete(outcome.key)), tx.done]);
  return theirs.length;
}
