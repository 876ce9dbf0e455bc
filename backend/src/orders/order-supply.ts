import { pricedSupply, type PricedSupply } from '@larder/shared-domain';
import { dealRules } from './order-deals';
import type { OrderWithItems } from './orders.repository';

/**
 * What a delivered order supplied, priced as picking and the door priced it (its deals as placed, its goods never
 * above what was agreed), and its goods per VAT rate from those priced lines: the receipt's lines, savings and VAT
 * rates, the delivered e-mail's lines, and the takings kept at delivery, all come from here. (The lines' stored
 * savings are those of the order as placed, before any unit was found short.)
 */
export function orderSupply(order: OrderWithItems): PricedSupply {
  return pricedSupply(
    order.items.map((item) => ({ ...item, product: item.productId })),
    order,
    dealRules(order.deals),
  );
}
