import {
  MAX_MAX_OPEN_ORDERS,
  MAX_PER_ORDER_LIMIT,
  MESSAGES,
  MIN_MAX_OPEN_ORDERS,
  MIN_PER_ORDER_LIMIT,
} from '@larder/shared-domain';
import { IntField } from '../../common/api-field';

export class UpdateOrderSettingsDto {
  @IntField({
    description: "How many of a customer's orders may wait for delivery (Pending) at once",
    min: MIN_MAX_OPEN_ORDERS,
    max: MAX_MAX_OPEN_ORDERS,
    example: 3,
    message: MESSAGES.invalidMaxOpenOrders,
  })
  maxOpenOrders: number;

  @IntField({
    description:
      'How many of one product one order may hold, for products without a maxPerOrder of their own (left out: kept)',
    min: MIN_PER_ORDER_LIMIT,
    max: MAX_PER_ORDER_LIMIT,
    example: 20,
    required: false,
    message: MESSAGES.invalidMaxPerProduct,
  })
  maxPerProduct?: number;
}
