import { pricedSupply, storedSupplyOf, type StoredSupply } from '@larder/shared-domain';
import { dealRules } from './order-deals';
import type { OrderWithItems } from './orders.repository';

/**
 * What an order supplies, priced as picking and the door priced it (its deals as placed, its goods never above what
 * was agreed), with its goods and its delivery charge per VAT rate. Worked out once, when the order is completed,
 * and stored with it (orders.supply): its receipt, its takings and its delivered e-mail read what was stored.
 */
export function supplyOf(order: OrderWithItems): StoredSupply {
  const priced = pricedSupply(
    order.items.map((item) => ({ ...item, product: item.productId })),
    order,
    dealRules(order.deals),
  );
  return storedSupplyOf(priced, order.shippingCharge);
}

/**
 * The supply of an order completed before supplies were stored, as its receipts gave it then: the same lines and
 * goods per rate, and the delivery charge at 0% VAT, as they were invoiced (filled in once at start).
 */
export function invoicedSupplyOf(order: OrderWithItems): StoredSupply {
  const supply = supplyOf(order);
  const delivery = order.shippingCharge > 0 ? [{ vatBasisPoints: 0, net: order.shippingCharge, vat: 0 }] : [];
  return { ...supply, delivery };
}

/** A completed order's stored supply (completing an order stores it; see OrdersService.completed). */
export function storedSupply(order: OrderWithItems): StoredSupply {
  if (!order.supply) throw new Error(`Order ${order.id} has no stored supply: it is not completed`);
  return order.supply;
}

/**
 * All the VAT an order's total includes, pence: its goods' VAT and its delivery charge's share (what "includes VAT
 * £x" says). A completed order's from its stored supply; before that, from its lines as they stand.
 */
export function vatIncluded(order: OrderWithItems): number {
  const supply = order.supply ?? supplyOf(order);
  return [...supply.rates, ...supply.delivery].reduce((sum, rate) => sum + rate.vat, 0);
}
