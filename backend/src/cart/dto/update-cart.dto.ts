import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { IsDefined, IsObject, ValidateBy, ValidationArguments } from 'class-validator';
import { isValidQuantity, MAX_CART_LINES, MAX_QUANTITY, MESSAGES, MIN_QUANTITY } from '@larder/shared-domain';
import { ResponseField } from '../../common/api-field';
import { isUuid } from '../../common/uuid-param';

const cartItemsSchema: ApiPropertyOptions = {
  type: 'object',
  description: `Product id to quantity (a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}); at most ${MAX_CART_LINES} products`,
  additionalProperties: { type: 'integer', minimum: MIN_QUANTITY, maximum: MAX_QUANTITY },
  maxProperties: MAX_CART_LINES,
  example: { '3f1c2b9e-4d5a-4c8e-9f10-2a3b4c5d6e7f': 2 },
};

/**
 * What is wrong with a cart map, line by line in the order sent: too many products, a quantity that is not a
 * whole number from 1 to 99, or a key that cannot be a product id. Undefined when every line is well formed.
 */
function cartItemsProblem(value: unknown): string | undefined {
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_CART_LINES) return MESSAGES.cartTooManyLines;
  for (const [productId, quantity] of entries) {
    if (!isValidQuantity(quantity)) return MESSAGES.badQuantity;
    if (!isUuid(productId)) return MESSAGES.productNotFound;
  }
  return undefined;
}

/**
 * A map of product id to quantity: its shape is checked here; whether each product exists and is on sale is
 * checked against the catalogue by the cart service.
 */
function CartItemsField(): PropertyDecorator {
  return applyDecorators(
    ApiProperty({ ...cartItemsSchema, required: true } as ApiPropertyOptions),
    IsDefined({ message: MESSAGES.cartNotAMap }),
    IsObject({ message: MESSAGES.cartNotAMap }),
    ValidateBy(
      { name: 'isCartItems', validator: { validate: (value: unknown) => !cartItemsProblem(value) } },
      { message: (args: ValidationArguments) => cartItemsProblem(args.value) ?? MESSAGES.cartNotAMap },
    ),
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
