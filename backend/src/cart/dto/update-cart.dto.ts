import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { IsDefined, IsObject } from 'class-validator';
import { MAX_CART_LINES, MAX_QUANTITY, MESSAGES, MIN_QUANTITY } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';

const cartItemsSchema: ApiPropertyOptions = {
  type: 'object',
  description: `Product id to quantity (a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}); at most ${MAX_CART_LINES} products`,
  additionalProperties: { type: 'integer', minimum: MIN_QUANTITY, maximum: MAX_QUANTITY },
  maxProperties: MAX_CART_LINES,
  example: { '3f1c2b9e-4d5a-4c8e-9f10-2a3b4c5d6e7f': 2 },
};

/** A map of product id to quantity; each entry is checked against the catalogue by the cart service. */
function CartItemsField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ ...cartItemsSchema, required: true } as ApiPropertyOptions),
    IsDefined({ message: MESSAGES.cartNotAMap }),
    IsObject({ message: MESSAGES.cartNotAMap }),
  );
}

export class UpdateCartDto {
  @CartItemsField()
  cartItems: Record<string, number>;
}

export class UpdateCartResponse {
  @ResponseField({ example: true })
  success: true;

  @ResponseField({ example: MESSAGES.cartUpdated })
  message: string;

  @ResponseField({
    ...cartItemsSchema,
    description: 'The cart as stored (out-of-stock products dropped)',
  } as ApiPropertyOptions)
  cartItems: Record<string, number>;
}
