import { ORDER_STATUSES } from '@larder/shared-domain';
import { EnumField, ResponseField } from '../../common/api-field';

export const ORDER_EVENT_AUDIENCES = ['customer', 'seller'] as const;
export type OrderEventAudience = (typeof ORDER_EVENT_AUDIENCES)[number];
export const ORDER_EVENT_REPLAYS = ['recent'] as const;
export type OrderEventReplay = (typeof ORDER_EVENT_REPLAYS)[number];

export class OrderEventsQuery {
  @EnumField(ORDER_EVENT_AUDIENCES, {
    required: false,
    enumName: 'OrderEventAudience',
    description:
      "Whose stream to open when the browser holds both cookies: the customer's own orders or the seller's " +
      'every order. Without it the customer session is used when there is one, else the seller session.',
  })
  as?: OrderEventAudience;

  @EnumField(ORDER_EVENT_REPLAYS, {
    required: false,
    enumName: 'OrderEventReplay',
    description:
      '`recent`: the stream first sends, each once and as it is now, the orders it may show that changed in the last ' +
      'five minutes. For a page whose orders were read a moment before its stream opened (a page rendered on the ' +
      "server for the customer), so that a change in between is not missed. A reconnect's Last-Event-ID is " +
      'replayed instead.',
  })
  replay?: OrderEventReplay;
}

/** The data of an `order` event. */
export class OrderEventData {
  @ResponseField({ format: 'uuid', description: "The order's id" })
  id!: string;

  @ResponseField({ enum: [...ORDER_STATUSES], enumName: 'OrderStatus' })
  status!: string;

  @ResponseField({
    description: 'Where the order is in the day: placed, picking, picked, out_for_delivery, delivered',
  })
  fulfilment!: string;

  @ResponseField({ description: 'Order total, pounds', example: 12.49 })
  amount!: number;

  @ResponseField({
    description:
      'ISO 8601 with offset: the customer may change the order until then (15:00 London the day before delivery)',
    example: '2026-11-23T15:00:00+00:00',
  })
  changeableUntil!: string;
}
