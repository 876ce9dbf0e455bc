import {
  ageCheckRequired,
  changeableUntil,
  formatAddress,
  linePriceWithVat,
  MESSAGES,
  orderDue,
  penceToPounds,
} from '@larder/shared-domain';
import type { OrderCustomerView, OrderView, SellerOrderView } from './dto/order.response';
import type { OrderWithItems } from './orders.repository';
import { vatIncluded } from './order-supply';

/**
 * An order as the API shows it: pounds, VAT in percent, the spec's field names. Every order view (the customer's,
 * the seller's, picking, a change's answer) is built here.
 */
export function toOrderView(order: OrderWithItems): OrderView {
  const deals = order.deals ?? [];
  const labels = new Map(deals.map((deal) => [deal.promotion, deal.label]));
  return {
    _id: order.id,
    userId: order.userId,
    items: order.items.map((item) => ({
      product: item.productId,
      productId: item.productId,
      name: item.name,
      image: item.image,
      price: penceToPounds(item.price),
      quantity: item.quantity,
      vat: item.vatBasisPoints / 100,
      ageRestricted: item.ageRestricted,
      allowSubstitutes: item.allowSubstitutes,
      picked: item.picked,
      substitute:
        item.substituteProductId && item.substituteQuantity
          ? {
              product: item.substituteProductId,
              name: item.substituteName ?? '',
              quantity: item.substituteQuantity,
              price: penceToPounds(item.substitutePrice ?? 0),
              vat: (item.substituteVatBasisPoints ?? 0) / 100,
              ageRestricted: item.substituteAgeRestricted,
            }
          : null,
      refused: item.refused,
      // Lines placed before promotions have no charged price: their units at their price with VAT.
      charged: penceToPounds(item.charged ?? linePriceWithVat({ ...item, offerPrice: item.price })),
      promotion: item.promotionId
        ? {
            _id: item.promotionId,
            label: labels.get(item.promotionId) ?? '',
            saving: penceToPounds(item.saving),
          }
        : null,
    })),
    address: order.address
      ? {
          street: order.address.street,
          city: order.address.city,
          state: order.address.state,
          postalCode: order.address.postalCode,
          country: order.address.country,
        }
      : null,
    paymentType: order.paymentType,
    amount: penceToPounds(order.amount),
    savings: penceToPounds(order.savings ?? 0),
    deals: deals.map((deal) => ({
      promotion: deal.promotion,
      label: deal.label,
      times: deal.times,
      saving: penceToPounds(deal.saving),
    })),
    shippingCharge: penceToPounds(order.shippingCharge),
    totalVat: penceToPounds(order.totalVat),
    vatIncluded: penceToPounds(vatIncluded(order)),
    goods: penceToPounds(order.goods),
    deliverySlot: { date: order.deliveryDate, time: order.deliveryTime },
    status: order.status,
    fulfilment: order.fulfilment,
    changeableUntil: changeableUntil(order.deliveryDate),
    isPaid: order.isPaid,
    ageConfirmed: order.ageConfirmed,
    standingOrder: order.standingOrderId ?? null,
    refundDueAmount: penceToPounds(order.refundDue),
    due: penceToPounds(orderDue(order)),
    collected:
      order.collectedCash === null || order.collectedCard === null
        ? null
        : {
            cash: penceToPounds(order.collectedCash),
            card: penceToPounds(order.collectedCard),
            change: penceToPounds(order.cashChange ?? 0),
            kept: penceToPounds(order.collectedCash - (order.cashChange ?? 0) + order.collectedCard),
          },
    idCheck: order.idCheck,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    failedDelivery: order.failedReason ? { reason: order.failedReason, note: order.failedNote } : null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** The customer details the seller sees, copied at checkout (gone after the customer deleted their account). */
export function toCustomerView(order: OrderWithItems): OrderCustomerView {
  return {
    name: order.customerName ?? MESSAGES.deletedCustomer,
    phone: order.customerPhone ?? null,
    email: order.customerEmail ?? null,
    address: order.address ? formatAddress(order.address) : null,
  };
}

export function toSellerOrderView(order: OrderWithItems): SellerOrderView {
  return {
    ...toOrderView(order),
    customer: toCustomerView(order),
    ageCheckRequired: ageCheckRequired(
      order.items.map((item) => ({
        ...item,
        substitute: item.substituteProductId ? { ageRestricted: item.substituteAgeRestricted } : null,
      })),
    ),
    refundDue: order.refundDue > 0,
  };
}
