import { IsIn } from 'class-validator';
import { DELIVERY_SLOTS, MESSAGES } from '@larder/shared-domain';
import { TextField } from '../../common/api-field';

/** A delivery slot as posted: a well-formed calendar date and one of the slots (whether the date can still be
 * chosen is a question for the clock, answered at checkout). Missing or blank parts ask for a slot. */
export class DeliverySlotDto {
  @TextField({
    maxLength: 32,
    pattern: /^\d{4}-\d{2}-\d{2}$/,
    message: MESSAGES.selectDeliverySlot,
    description:
      'Delivery date, YYYY-MM-DD: the one selectable date (next day before 15:00 London, else two days ahead)',
    example: '2026-11-24',
  })
  date!: string;

  // Listed above TextField so that it is checked after it: a blank time asks for a slot.
  @IsIn(DELIVERY_SLOTS, { message: MESSAGES.deliveryTimeInvalid })
  @TextField({
    maxLength: 32,
    message: MESSAGES.selectDeliverySlot,
    description: `One of: ${DELIVERY_SLOTS.join(', ')}`,
    example: DELIVERY_SLOTS[0],
  })
  time!: string;
}
