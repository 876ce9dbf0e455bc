import {
  changeableUntil,
  penceToPounds,
  type FulfilmentStage,
  type OrderStatus,
} from '@larder/shared-domain';

/** What a live order-status stream sends for each change: `event: order`, this as its data. */
export interface OrderEventView {
  /** The order's id. */
  id: string;
  status: OrderStatus;
  /** Where the order is in the grocer's day. */
  fulfilment: FulfilmentStage;
  /** Pounds. */
  amount: number;
  /** ISO 8601 with the London offset: the last moment the customer may change the order. */
  changeableUntil: string;
}

/** The columns of an order that its event shows. */
export interface OrderEventSource {
  id: string;
  status: string;
  amount: number;
  deliveryDate: string;
  fulfilment: string;
}

/** The one place an order's event payload is made (live events and replays alike). */
export function toOrderEvent(order: OrderEventSource): OrderEventView {
  return {
    id: order.id,
    status: order.status as OrderStatus,
    fulfilment: order.fulfilment as FulfilmentStage,
    amount: penceToPounds(order.amount),
    changeableUntil: changeableUntil(order.deliveryDate),
  };
}
