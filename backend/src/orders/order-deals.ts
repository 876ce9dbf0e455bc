import type { DealSaving, PromotionRule } from '@larder/shared-domain';
import type { OrderDeal } from '../db/schema';

/** The promotions an order was priced with, as the pricing takes them again (picking, the door, a change). */
export function dealRules(deals: readonly OrderDeal[]): PromotionRule[] {
  return deals.map((deal) => ({
    id: deal.promotion,
    kind: deal.kind,
    products: deal.products,
    quantity: deal.quantity,
    price: deal.price,
    free: deal.free,
  }));
}

/** An order's deals with how often they applied and what they saved after re-pricing (terms as placed). */
export function repricedDeals(deals: readonly OrderDeal[], applied: readonly DealSaving[]): OrderDeal[] {
  const byPromotion = new Map(applied.map((deal) => [deal.promotion, deal]));
  return deals.map((deal) => {
    const now = byPromotion.get(deal.promotion);
    return { ...deal, times: now?.times ?? 0, units: now?.units ?? 0, saving: now?.saving ?? 0 };
  });
}
