import { formatAddress, penceToPounds } from '@larder/shared-domain';
import type { OrderCustomerView, OrderView, SellerOrderView } from './dto/order.response';
import type { OrderWithItems } from './orders.repository';

/** How the seller's list names a customer whose account (and personal data) is gone. */
export const DELETED_CUSTOMER_NAME = 'Deleted customer';

/** An order as the API shows it: pounds, VAT in percent, the spec's field names. */
export function toOrderView(order: OrderWithItems): OrderView {
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
    shippingCharge: penceToPounds(order.shippingCharge),
    totalVat: penceToPounds(order.totalVat),
    goods: penceToPounds(order.goods),
    deliverySlot: { date: order.deliveryDate, time: order.deliveryTime },
    status: order.status,
    isPaid: order.isPaid,
    createdAt: order.createdAt.toISOString(),
  };
}

/** The customer details the seller sees, copied at checkout (gone after the customer deleted their account). */
export function toCustomerView(order: OrderWithItems): OrderCustomerView {
  return {
    name: order.customerName ?? DELETED_CUSTOMER_NAME,
    phone: order.customerPhone ?? null,
    email: order.customerEmail ?? null,
    address: order.address ? formatAddress(order.address) : null,
  };
}

export function toSellerOrderView(order: OrderWithItems): SellerOrderView {
  return { ...toOrderView(order), customer: toCustomerView(order) };
}
