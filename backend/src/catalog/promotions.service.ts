import { Inject, Injectable } from '@nestjs/common';
import {
  ERROR_CODES,
  londonIsoString,
  parsePromotionTime,
  penceToPounds,
  poundsToPence,
  productInPromotionMessage,
  promotionalUnitPrice,
  promotionLabel,
  promotionState,
  PROMOTION_TEXTS,
  unitPriceWithVat,
  wasPriceHeld,
  wasPriceNotChargedMessage,
  wasPriceShownUntil,
  promotionKind,
  lessHealthyPromotionMessage,
  productIsLessHealthy,
  rulesUnderPromotionLaw,
} from '@larder/shared-domain';
import { ActivityLog, type ActivityActor } from '../activity/activity-log';
import { Clock } from '../common/clock';
import { ConflictError, InvalidError, NotFoundError } from '../common/errors';
import { DB, Database, DbExecutor } from '../db/database.module';
import { CatalogRepository } from './catalog.repository';
import type { PromotionDto, PromotionInputDto, SellerPromotionDto } from './dto/promotion.dto';
import type { ProductDto } from './dto/product.response';
import { NO_OFFER, toOfferedProductView, type CatalogProduct, type ProductOffer } from './product-view';
import { NewPromotionRow, PriceChange, PromotionRow, PromotionsRepository } from './promotions.repository';

/** A running promotion as the pricing takes it, with its label (what an order keeps of it). */

/** What the product list shows of the promotions at a moment, and when that changes next. */
export interface CatalogueOffers {
  offers: Map<string, ProductOffer>;
  /** The next start or end of a promotion after the moment; undefined when none is coming. */
  nextChange: Date | undefined;
}

/**
 * Promotions: the seller creates, changes and ends them; the product answers carry the one a product is in; the
 * checkout prices with the ones running. Every write locks the products concerned (in id order, as checkout
 * does) before checking that none is in another promotion at the same time, and marks the catalogue changed.
 */
@Injectable()
export class PromotionsService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly repository: PromotionsRepository,
    private readonly catalog: CatalogRepository,
    private readonly clock: Clock,
  ) {}

  async create(input: PromotionInputDto, actor?: ActivityActor): Promise<PromotionDto> {
    const now = this.clock.now();
    const created = await this.db.transaction(async (tx) => {
      const row = await this.checked(input, now, null, tx);
      const inserted = await this.repository.insert(row, tx);
      await this.catalog.bumpVersion(tx);
      if (actor)
        await logged(tx, actor, 'promotion.created', inserted, `Promotion "${inserted.label}" created`);
      return inserted;
    });
    return toPromotionView(created, now);
  }

  /** Replaces the terms of a promotion that has not ended (404 when none, 409 when ended). */
  async update(id: string, input: PromotionInputDto, actor?: ActivityActor): Promise<PromotionDto> {
    const now = this.clock.now();
    const updated = await this.db.transaction(async (tx) => {
      const current = await this.repository.lock(id, tx);
      if (!current) throw new NotFoundError(PROMOTION_TEXTS.promotionNotFound);
      if (promotionState(current, now) === 'ended') throw new ConflictError(PROMOTION_TEXTS.endedPromotion);
      const row = await this.checked(input, now, id, tx);
      const changed = await this.repository.update(id, row, tx);
      await this.catalog.bumpVersion(tx);
      if (actor)
        await logged(
          tx,
          actor,
          'promotion.updated',
          changed,
          `Promotion "${changed.label}": ${promotionChanges(current, changed, now)}`,
        );
      return changed;
    });
    return toPromotionView(updated, now);
  }

  /**
   * Ends a promotion early: a running one ends now (orders keep what it saved them), a scheduled one is
   * removed. 404 when there is none, 409 when it has ended already.
   */
  async end(id: string, actor?: ActivityActor): Promise<void> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const current = await this.repository.lock(id, tx);
      if (!current) throw new NotFoundError(PROMOTION_TEXTS.promotionNotFound);
      const state = promotionState(current, now);
      if (state === 'ended') throw new ConflictError(PROMOTION_TEXTS.endedPromotion);
      if (state === 'scheduled') await this.repository.delete(id, tx);
      else await this.repository.update(id, { endsAt: now }, tx);
      await this.catalog.bumpVersion(tx);
      if (actor)
        await logged(
          tx,
          actor,
          'promotion.ended',
          current,
          `Promotion "${current.label}" ${state === 'scheduled' ? 'removed before it started' : 'ended early'}`,
        );
    });
  }

  /** The promotions running now. */
  async listRunning(): Promise<PromotionDto[]> {
    const now = this.clock.now();
    const [rows, qualifying] = await Promise.all([
      this.repository.listNotEnded(now),
      this.repository.qualifyingBusiness(),
    ]);
    const running = rows.filter((row) => promotionState(row, now) === 'running');
    const lessHealthy = await this.lessHealthyIn(running, qualifying);
    // As the checkout prices them: while the food promotion rules apply, without the less healthy products.
    return rulesUnderPromotionLaw(
      running.map((row) => ({ row, kind: row.kind, products: row.productIds })),
      new Set(lessHealthy.keys()),
      qualifying,
    ).map(({ row, products }) => ({ ...toPromotionView(row, now), products: [...products] }));
  }

  /** The less healthy products (id to name) in these promotions' multi-buys and free offers, when the rules apply. */
  private async lessHealthyIn(
    rows: readonly PromotionRow[],
    qualifying: boolean,
  ): Promise<Map<string, string>> {
    const ids = qualifying
      ? [...new Set(rows.filter((r) => promotionKind(r.kind).volume).flatMap((r) => r.productIds))]
      : [];
    if (!ids.length) return new Map();
    const found = await this.catalog.findByIds(ids);
    return new Map(found.filter(productIsLessHealthy).map((p) => [p.id, p.name]));
  }

  /** Every promotion with its state, units sold and saving: running and scheduled first, then ended. */
  async listForSeller(): Promise<SellerPromotionDto[]> {
    const now = this.clock.now();
    const [rows, takings, qualifying] = await Promise.all([
      this.repository.listAll(),
      this.repository.takings(),
      this.repository.qualifyingBusiness(),
    ]);
    const byPromotion = new Map(takings.map((t) => [t.promotion, t]));
    // While the food promotion rules apply, multi-buys and free offers skip the less healthy products in them.
    const lessHealthy = await this.lessHealthyIn(rows, qualifying);
    const rank = { running: 0, scheduled: 1, ended: 2 } as const;
    return rows
      .map((row) => {
        const state = promotionState(row, now);
        const taken = byPromotion.get(row.id);
        return {
          ...toPromotionView(row, now),
          state,
          unitsSold: taken?.units ?? 0,
          saving: penceToPounds(taken?.saving ?? 0),
          notApplied: promotionKind(row.kind).volume
            ? row.productIds.flatMap((id) => (lessHealthy.has(id) ? [lessHealthy.get(id)!] : []))
            : [],
          order: rank[state],
          ends: row.endsAt.getTime(),
        };
      })
      .sort((a, b) => a.order - b.order || (a.order < 2 ? a.ends - b.ends : b.ends - a.ends))
      .map(({ order: _order, ends: _ends, ...view }) => view);
  }

  /**
   * For the product list: the promotion each product is in at `now` (with its unit price at the promotional
   * price), whether its struck-through price was its own selling price ("Was") or a recommended one ("RRP"), and
   * when a promotion next starts or ends (the list is stale from then).
   */
  async offersAt(
    rows: readonly CatalogProduct[],
    now: Date,
    tx: DbExecutor = this.db,
  ): Promise<CatalogueOffers> {
    const [promotions, history, qualifying] = await Promise.all([
      this.repository.listNotEnded(now, tx),
      this.repository.priceHistory(undefined, tx),
      this.repository.qualifyingBusiness(tx),
    ]);
    return catalogueOffers(rows, promotions, history, now, qualifying);
  }

  /**
   * These products as every single-product answer carries them (a seller's write, a regular delivery's items):
   * with the promotion each is in now and the name of its struck-through price, read afresh from the database
   * (the list in memory may not have heard of a write just committed). Computed as the list's are
   * (catalogueOffers), from the promotions running on these products and their own price history only.
   */
  async productViews(rows: readonly CatalogProduct[], tx: DbExecutor = this.db): Promise<ProductDto[]> {
    if (!rows.length) return [];
    const now = this.clock.now();
    const ids = [...new Set(rows.map((row) => row.id))];
    const [running, history, qualifying] = await Promise.all([
      this.repository.runningFor(ids, now, tx),
      this.repository.priceHistory(ids, tx),
      this.repository.qualifyingBusiness(tx),
    ]);
    const { offers } = catalogueOffers(rows, running, history, now, qualifying);
    return rows.map((row) => toOfferedProductView(row, offers.get(row.id) ?? NO_OFFER));
  }

  /** The input checked against the catalogue and the other promotions, as a row (400 or 409 otherwise). */
  private async checked(
    input: PromotionInputDto,
    now: Date,
    exceptId: string | null,
    tx: DbExecutor,
  ): Promise<NewPromotionRow> {
    const startsAt = parsePromotionTime(input.startsAt, 'start');
    const endsAt = parsePromotionTime(input.endsAt, 'end');
    if (!startsAt || !endsAt || endsAt <= startsAt || endsAt <= now) {
      throw new InvalidError(PROMOTION_TEXTS.invalidDates);
    }
    const ids = input.products.map((id) => id.toLowerCase());
    // The products' rows first, in id order as checkout takes them: one promotion at a time per product.
    await this.catalog.lockProducts(ids, tx);
    const products = await this.catalog.findByIds(ids, tx);
    if (products.length !== ids.length || products.some((p) => p.deletedAt)) {
      throw new InvalidError(PROMOTION_TEXTS.unknownProduct);
    }
    const ownPrices = products.map((p) => unitPriceWithVat(p.offerPrice, p.vatBasisPoints));
    const kind = promotionKind(input.kind);
    if (kind.volume && (await this.repository.qualifyingBusiness(tx))) {
      const lessHealthy = products.find(productIsLessHealthy);
      if (lessHealthy)
        throw new InvalidError(lessHealthyPromotionMessage(lessHealthy.name), {
          code: ERROR_CODES.LESS_HEALTHY_IN_VOLUME_PROMOTION,
        });
    }
    const checkedTerms = kind.terms({
      quantity: input.quantity,
      price: input.price === undefined ? undefined : poundsToPence(input.price),
      free: input.free,
      productCount: products.length,
      ownPrices,
    });
    if ('problem' in checkedTerms) throw new InvalidError(checkedTerms.problem);
    let wasPrice: number | null = null;
    if (kind.reducesShelfPrice) {
      // The earlier price may be shown only while the pricing practices guidance holds it true.
      wasPrice = ownPrices[0];
      const history = withVat(await this.repository.priceHistory(ids, tx));
      if (!wasPriceHeld(history, wasPrice, startsAt)) {
        throw new InvalidError(wasPriceNotChargedMessage(products[0].name, wasPrice));
      }
    }
    const terms = { ...checkedTerms.terms, wasPrice };
    const clash = await this.repository.overlapping(ids, startsAt, endsAt, exceptId, tx);
    if (clash.length) {
      const taken = new Set(clash.flatMap((c) => c.productIds));
      const product = products.find((p) => taken.has(p.id))!;
      throw new ConflictError(productInPromotionMessage(product.name));
    }
    return {
      kind: input.kind,
      label: promotionLabel({
        kind: input.kind,
        ...terms,
        productCount: ids.length,
        was: terms.wasPrice ?? undefined,
      }),
      productIds: products.map((p) => p.id),
      ...terms,
      startsAt,
      endsAt,
    };
  }
}

function withVat(history: readonly PriceChange[]): { price: number; at: Date }[] {
  return history.map((h) => ({ price: unitPriceWithVat(h.offerPrice, h.vatBasisPoints), at: h.at }));
}

/** The activity entry of a change of a promotion (kind product: promotions set the prices shoppers pay). */
function logged(
  tx: DbExecutor,
  actor: ActivityActor,
  action: string,
  row: PromotionRow,
  summary: string,
): Promise<void> {
  return ActivityLog.record(tx, actor, { action, kind: 'product', id: row.id, summary });
}

/** What a change of a promotion's terms changed, before → after (prices in pounds, times in London). */
function promotionChanges(before: PromotionRow, after: PromotionRow, now: Date): string {
  const a = toPromotionView(before, now);
  const b = toPromotionView(after, now);
  return (
    ActivityLog.changes({
      label: [a.label, b.label],
      products: [a.products.length, b.products.length],
      quantity: [a.quantity, b.quantity],
      price: [a.price, b.price],
      free: [a.free, b.free],
      'was price': [a.wasPrice, b.wasPrice],
      starts: [a.startsAt, b.startsAt],
      ends: [a.endsAt, b.endsAt],
    }) || 'no change'
  );
}

export function toPromotionView(row: PromotionRow, now: Date): PromotionDto {
  return {
    _id: row.id,
    kind: row.kind,
    label: row.label,
    products: row.productIds,
    quantity: row.quantity,
    price: penceToPounds(row.price),
    free: row.free,
    wasPrice: row.wasPrice === null ? null : penceToPounds(row.wasPrice),
    startsAt: londonIsoString(row.startsAt),
    endsAt: londonIsoString(row.endsAt),
    active: promotionState(row, now) === 'running',
  };
}

/**
 * The promotion of each product at `now` and the name of its struck-through price: "Was" only when the
 * product's price with VAT was that price for the 28 days before its current price took effect.
 */
export function catalogueOffers(
  rows: readonly CatalogProduct[],
  promotions: readonly PromotionRow[],
  history: readonly PriceChange[],
  now: Date,
  qualifyingBusiness = false,
): CatalogueOffers {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const historyOf = new Map<string, PriceChange[]>();
  for (const change of history) {
    const list = historyOf.get(change.productId);
    if (list) list.push(change);
    else historyOf.set(change.productId, [change]);
  }
  const offers = new Map<string, ProductOffer>();
  let nextChange: number | undefined;
  const later = (at: Date) => {
    if (at.getTime() > now.getTime()) nextChange = Math.min(nextChange ?? Infinity, at.getTime());
  };
  for (const row of rows) {
    const struck = struckPriceLabel(row, historyOf.get(row.id) ?? [], now);
    if (struck.until) later(struck.until);
    offers.set(row.id, {
      promotion: null,
      struckPriceLabel: struck.label,
      primePlaces: !(qualifyingBusiness && productIsLessHealthy(row)),
    });
  }
  for (const promotion of promotions) {
    later(promotion.startsAt);
    later(promotion.endsAt);
    if (promotionState(promotion, now) !== 'running') continue;
    const rules = promotionKind(promotion.kind);
    const reduces = rules.reducesShelfPrice;
    // The "Was" price is true only as long as the higher price itself ran before the reduction (CTSI).
    let wasShown = false;
    if (reduces && promotion.wasPrice !== null) {
      const [first] = promotion.productIds;
      const until = wasPriceShownUntil(
        withVat(historyOf.get(first) ?? []),
        promotion.wasPrice,
        promotion.startsAt,
      );
      wasShown = until !== null && now.getTime() < until.getTime();
      if (until) later(until);
    }
    for (const id of promotion.productIds) {
      const row = byId.get(id);
      const offer = offers.get(id);
      if (!row || !offer) continue;
      // While the food promotion rules apply, a multi-buy or free offer does not cover a less healthy product.
      if (qualifyingBusiness && rules.volume && productIsLessHealthy(row)) continue;
      offer.promotion = {
        _id: promotion.id,
        kind: promotion.kind,
        label: promotion.label,
        endsAt: londonIsoString(promotion.endsAt),
        unitPrice: promotionalUnitPrice(promotion, row),
        price: reduces ? penceToPounds(promotion.price) : null,
        was: wasShown ? penceToPounds(promotion.wasPrice!) : null,
      };
      if (reduces) offer.reducedPrice = promotion.price;
    }
  }
  return { offers, nextChange: nextChange === undefined ? undefined : new Date(nextChange) };
}

/**
 * "Was" while the struck-through price was the product's own price for at least 28 days immediately before its
 * current price, and for no longer than that price ran (CTSI pricing practices guidance); then "RRP". `until`:
 * when a "Was" stops being true (the list is stale from then).
 */
function struckPriceLabel(
  row: CatalogProduct,
  history: readonly PriceChange[],
  now: Date,
): { label: 'RRP' | 'Was'; until?: Date } {
  const prices = withVat(history);
  const current = prices[prices.length - 1];
  if (!current) return { label: 'RRP' };
  // When the current price took effect: the first of the latest run of changes at that price.
  let since = prices.length - 1;
  while (since > 0 && prices[since - 1].price === current.price) since--;
  const struck = unitPriceWithVat(row.price, row.vatBasisPoints);
  const until = wasPriceShownUntil(prices.slice(0, since), struck, prices[since].at);
  if (!until || now.getTime() >= until.getTime()) return { label: 'RRP' };
  return { label: 'Was', until };
}
