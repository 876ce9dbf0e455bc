import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * What a driver records at a door, kept on the phone (IndexedDB) until the server has it: each outcome with its
 * own Idempotency-Key, so sending it again after a lost answer records it once, and closing the page loses
 * nothing. Sent oldest first when the connection returns.
 */
export interface QueuedOutcome {
  /** The Idempotency-Key, also the record's key. */
  key: string;
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

export async function queueOutcome(outcome: Omit<QueuedOutcome, 'key' | 'queuedAt'>): Promise<QueuedOutcome> {
  const queued = { ...outcome, key: crypto.randomUUID(), queuedAt: Date.now() };
  await (await database()).put('outcomes', queued);
  return queued;
}

export async function queuedOutcomes(): Promise<QueuedOutcome[]> {
  return (await database()).getAllFromIndex('outcomes', 'queuedAt');
}

export async function removeOutcome(key: string): Promise<void> {
  await (await database()).delete('outcomes', key);
}
