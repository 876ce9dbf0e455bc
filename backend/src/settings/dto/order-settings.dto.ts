import { MAX_MAX_OPEN_ORDERS, MESSAGES, MIN_MAX_OPEN_ORDERS } from '@larder/shared-domain';
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
}
