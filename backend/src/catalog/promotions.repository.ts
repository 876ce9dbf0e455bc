import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { DB, Database, DbExecutor } from '../db/database.module';
import type { PromotionRule } from '@larder/shared-domain';
import { productPrices, promotions, shopSettings } from '../db/schema';

export type PromotionRow = typeof promotions.$inferSelect;
export type NewPromotionRow = Omit<PromotionRow, 'id' | 'createdAt'>;

/** A price a product had from `at` on: before VAT (pence) and its VAT rate. */
export interface PriceChange {
  productId: string;
  offerPrice: number;
  vatBasisPoints: number;
  at: Date;
}

/** Units sold in a promotion's deals and what they saved (pence with VAT), over orders not cancelled. */
export interface PromotionTakings {
  promotion: string;
  units: number;
  saving: number;
}

/** `array[$1, $2, ...]::uuid[]`. */
function uuidArray(ids: readonly string[]): SQL {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}

/** A running promotion as the pricing takes it (shared-domain's PromotionRule), with its label. */
export interface LabelledRule extends PromotionRule {
  label: string;
}

/**
 * The promotions running at `now` on any of `productIds` as rules, a JSON array by id: the fragment for a statement
 * that reads them with other things (checkout reads them with its context, in its one round trip).
 */
export function runningRulesJson(productIds: SQL, now: SQL): SQL {
  return sql`(select coalesce(json_agg(json_build_object('id', pr.id, 'kind', pr.kind, 'products', pr.product_ids,
                'quantity', pr.quantity, 'price', pr.price, 'free', pr.free, 'label', pr.label) order by pr.id),
                '[]'::json)
         from ${promotions} pr
        where pr.product_ids && ${productIds} and pr.starts_at <= ${now} and pr.ends_at > ${now})`;
}

/** The promotions' queries; every write also marks the catalogue changed (the product answers carry them). */
@Injectable()
export class PromotionsRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insert(row: NewPromotionRow, tx: DbExecutor): Promise<PromotionRow> {
    const [created] = await tx.insert(promotions).values(row).returning();
    return created;
  }

  async update(id: string, row: Partial<NewPromotionRow>, tx: DbExecutor): Promise<PromotionRow> {
    const [updated] = await tx.update(promotions).set(row).where(eq(promotions.id, id)).returning();
    return updated;
  }

  async delete(id: string, tx: DbExecutor): Promise<void> {
    await tx.delete(promotions).where(eq(promotions.id, id));
  }

  /** The promotion, its row locked until the transaction ends. */
  async lock(id: string, tx: DbExecutor): Promise<PromotionRow | undefined> {
    const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    return row;
  }

  /** Every promotion, the latest to end first. */
  listAll(tx: DbExecutor = this.db): Promise<PromotionRow[]> {
    return tx.select().from(promotions).orderBy(desc(promotions.endsAt), asc(promotions.id));
  }

  /** Promotions that have not ended at `now` (running and scheduled), soonest start first. */
  listNotEnded(now: Date, tx: DbExecutor = this.db): Promise<PromotionRow[]> {
    return tx
      .select()
      .from(promotions)
      .where(gt(promotions.endsAt, now))
      .orderBy(asc(promotions.startsAt), asc(promotions.id));
  }

  /** Promotions running at `now` that cover any of these products. */
  runningFor(productIds: readonly string[], now: Date, tx: DbExecutor): Promise<PromotionRow[]> {
    if (!productIds.length) return Promise.resolve([]);
    return tx
      .select()
      .from(promotions)
      .where(
        and(
          sql`${promotions.productIds} && ${uuidArray(productIds)}`,
          sql`${promotions.startsAt} <= ${now}`,
          gt(promotions.endsAt, now),
        ),
      )
      .orderBy(asc(promotions.id));
  }

  /** Other promotions covering any of these products whose period shares a moment with [startsAt, endsAt). */
  overlapping(
    productIds: readonly string[],
    startsAt: Date,
    endsAt: Date,
    exceptId: string | null,
    tx: DbExecutor,
  ): Promise<PromotionRow[]> {
    return tx
      .select()
      .from(promotions)
      .where(
        and(
          sql`${promotions.productIds} && ${uuidArray(productIds)}`,
          lt(promotions.startsAt, endsAt),
          gt(promotions.endsAt, startsAt),
          exceptId ? ne(promotions.id, exceptId) : undefined,
        ),
      );
  }

  /** Whether the food promotion rules apply (the shop's qualifyingBusiness setting). */
  async qualifyingBusiness(tx: DbExecutor = this.db): Promise<boolean> {
    const [row] = await tx
      .select({ qualifyingBusiness: shopSettings.qualifyingBusiness })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    return row?.qualifyingBusiness ?? false;
  }

  /** Every price these products had, oldest first (all products when `productIds` is undefined). */
  priceHistory(productIds: readonly string[] | undefined, tx: DbExecutor = this.db): Promise<PriceChange[]> {
    const query = tx
      .select({
        productId: productPrices.productId,
        offerPrice: productPrices.offerPrice,
        vatBasisPoints: productPrices.vatBasisPoints,
        at: productPrices.at,
      })
      .from(productPrices);
    const filtered =
      productIds === undefined ? query : query.where(inArray(productPrices.productId, [...productIds]));
    return filtered.orderBy(asc(productPrices.at), asc(productPrices.id));
  }

  /**
   * Units and savings of every promotion's deals over the orders not cancelled (orders keep each deal they were
   * priced with).
   */
  async takings(tx: DbExecutor = this.db): Promise<PromotionTakings[]> {
    const result = await tx.execute(sql`
      select d->>'promotion' as promotion, sum((d->>'units')::int)::text as units,
             sum((d->>'saving')::int)::text as saving
      from orders o, jsonb_array_elements(o.deals) d
      where o.status <> 'Cancelled'
      group by 1`);
    // Both drivers (node-postgres and PGlite) answer `{ rows }`.
    const { rows } = result as unknown as { rows: { promotion: string; units: string; saving: string }[] };
    return rows.map((r) => ({ promotion: r.promotion, units: Number(r.units), saving: Number(r.saving) }));
  }
}
