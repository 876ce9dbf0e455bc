/**
 * The activity log's writer: one entry for each change made through the seller area, written with the change.
 *
 *   await db.transaction(async (tx) => {
 *     const [before] = await tx.select(...).from(products).where(...).for('update');
 *     await tx.update(products).set({ offerPrice }).where(...);
 *     await ActivityLog.record(tx, staff, {
 *       action: 'product.price',
 *       kind: 'product',
 *       id: productId,
 *       summary: `${before.name}: ${ActivityLog.changes({ price: [pounds(before.offerPrice), pounds(offerPrice)] })}`,
 *     });
 *   });
 *
 * - `tx` is the change's own transaction (or the database for a change of one statement): a change that fails
 *   rolls its entry back with it, and a refused change writes none.
 * - `actor` is `@CurrentStaff()` of the route (`StaffIdentity`); their name and role are copied as they are now.
 * - `action` is a short dotted name (`product.added`, `order.status`, `order.fulfilment`, `settings.shipping`).
 * - `kind` is one of ACTIVITY_KINDS (shared-domain/src/staff.ts); `id` what it touched (product id, order id).
 * - `summary` is one short line with the values before and after where they are prices, counts or settings.
 *   Never copy a customer's personal data into it (name, e-mail, phone, address): name an order by its id.
 *
 * Entries are never changed or removed by the application; the database refuses it (a trigger), and the mail
 * job purges entries over two years old.
 */
import type { ActivityKind, StaffRole } from '@larder/shared-domain';
import type { DbExecutor } from '../db/database';
import { activityLog } from '../db/schema';

/**
 * Who did it: the signed-in member (a route's `StaffIdentity` is one), or (a failed sign-in) whoever typed an
 * e-mail known to nobody.
 */
export type ActivityActor = { id: string; name: string; role: StaffRole } | { id: null; name: string; role: null };

export interface ActivityEntry {
  action: string;
  kind: ActivityKind;
  /** The id of what it touched (product, order, member); omitted for the shop's settings. */
  id?: string | null;
  summary: string;
}

/** The longest summary kept; a longer one is cut. */
export const MAX_ACTIVITY_SUMMARY_LENGTH = 500;

function shown(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export const ActivityLog = {
  /** Writes one entry in `tx` (the change's transaction). */
  async record(tx: DbExecutor, actor: ActivityActor, entry: ActivityEntry): Promise<void> {
    const summary =
      entry.summary.length > MAX_ACTIVITY_SUMMARY_LENGTH
        ? `${entry.summary.slice(0, MAX_ACTIVITY_SUMMARY_LENGTH - 1)}…`
        : entry.summary;
    await tx.insert(activityLog).values({
      actorId: actor.id,
      actorName: actor.name,
      actorRole: actor.role,
      action: entry.action,
      kind: entry.kind,
      subjectId: entry.id ?? null,
      summary,
    });
  },

  /**
   * The values that changed, before → after, for a summary: `changes({ price: ['£2.00', '£1.80'], stock: [3, 3] })`
   * gives `price £2.00 → £1.80` (unchanged ones are left out; '' when nothing changed).
   */
  changes(values: Record<string, readonly [before: unknown, after: unknown]>): string {
    return Object.entries(values)
      .filter(([, [before, after]]) => shown(before) !== shown(after))
      .map(([name, [before, after]]) => `${name} ${shown(before)} → ${shown(after)}`)
      .join(', ');
  },
};
