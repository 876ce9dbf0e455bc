/**
 * The activity entries of the seller's changes of orders, written in the change's transaction (so a change that
 * fails or is refused later in it writes none). An order is named by its reference, never by its customer.
 */
import { fulfilmentStageLabel, orderReference } from '@larder/shared-domain';
import { ActivityLog, type ActivityActor } from '../activity/activity-log';
import type { DbExecutor } from '../db/database.module';
import type { StaffIdentity } from '../session/session.decorators';

/** Who changed an order (the signed-in member): written to the activity log, and kept with each outcome at the door. */
export type OrderActor = Pick<StaffIdentity, 'id' | 'name' | 'role'>;

/** "Order #1A2B3C4D: Pending → Cancelled". */
export async function recordOrderStatus(
  tx: DbExecutor,
  actor: ActivityActor,
  order: { id: string },
  from: string,
  to: string,
): Promise<void> {
  await ActivityLog.record(tx, actor, {
    action: 'order.status',
    kind: 'order',
    id: order.id,
    summary: `Order #${orderReference(order.id)}: status ${from} → ${to}`,
  });
}

/** "Order #1A2B3C4D: Being picked → Picked". */
export async function recordFulfilment(
  tx: DbExecutor,
  actor: ActivityActor,
  order: { id: string; fulfilment: string },
  to: string,
): Promise<void> {
  await ActivityLog.record(tx, actor, {
    action: 'order.fulfilment',
    kind: 'order',
    id: order.id,
    summary: `Order #${orderReference(order.id)}: ${fulfilmentStageLabel(order.fulfilment)} → ${fulfilmentStageLabel(to).toLowerCase()}`,
  });
}
