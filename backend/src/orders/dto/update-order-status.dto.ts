import { ORDER_STATUSES, OrderStatus } from '@larder/shared-domain';
import { EnumField } from '../../common/api-field';

export class UpdateOrderStatusDto {
  @EnumField(ORDER_STATUSES, {
    enumName: 'OrderStatus',
    description: 'New status; Completed also marks the order paid',
    example: 'Completed',
  })
  status!: OrderStatus;
}
