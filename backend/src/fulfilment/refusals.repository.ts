import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { orderReference, REFUSAL_REASONS, type RefusalEntry } from '@larder/shared-domain';
import { DB, Database } from '../db/database.module';
import { deliveryOutcomes, orderItems, orders } from '../db/schema';

interface RefusalRow {
  id: string;
  id_check: string | null;
  at: string | Date;
  staff_id: string | null;
  staff_name: string | null;
  products: string[] | null;
}

/**
 * The refusals log a premises licence asks for: every delivered order whose ID check failed or whose 18+ lines
 * were refused at the door, with the driver who recorded it (their name then) and the 18+ products refused.
 */
@Injectable()
export class RefusalsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async between(from: Date, before: Date): Promise<RefusalEntry[]> {
    const result = await this.db.execute(sql`
      select o.id, o.id_check, o.delivered_at as at, d.staff_id, d.staff_name,
             (select array_agg(case when i.age_restricted then i.name else i.substitute_name end order by i.name)
                from ${orderItems} i
               where i.order_id = o.id and i.refused and (i.age_restricted or i.substitute_age_restricted)) as products
        from ${orders} o
        left join lateral (
          select staff_id, staff_name from ${deliveryOutcomes}
           where order_id = o.id and outcome = 'delivered' order by created_at desc limit 1) d on true
       where o.delivered_at >= ${from.toISOString()}::timestamptz and o.delivered_at < ${before.toISOString()}::timestamptz
         and (o.id_check = 'failed' or exists (
               select 1 from ${orderItems} i
                where i.order_id = o.id and i.refused and (i.age_restricted or i.substitute_age_restricted)))
       order by o.delivered_at, o.id`);
    // Both drivers (node-postgres and PGlite) answer `{ rows }`.
    const { rows } = result as unknown as { rows: RefusalRow[] };
    return rows.map((r) => ({
      at: new Date(r.at).toISOString(),
      order: { _id: r.id, reference: orderReference(r.id) },
      driver: { _id: r.staff_id, name: r.staff_name },
      products: r.products ?? [],
      reason: r.id_check === 'failed' ? REFUSAL_REASONS.idCheckFailed : REFUSAL_REASONS.refusedAtDoor,
    }));
  }
}
