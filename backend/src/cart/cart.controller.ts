import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@larder/shared-domain';
import { CurrentCustomer, CustomerAuth, CustomerIdentity } from '../session/session.decorators';
import { ApiConflict, ApiInvalid } from '../common/openapi-docs';
import { CartService } from './cart.service';
import { UpdateCartDto, UpdateCartResponse } from './dto/update-cart.dto';

@ApiTags('cart')
@Controller('api/cart')
export class CartController {
  constructor(private readonly cart: CartService) {}

  @Post('update')
  @HttpCode(200)
  @CustomerAuth()
  @ApiOperation({ summary: "Replaces the signed-in customer's cart; out-of-stock products are dropped" })
  @ApiOkResponse({ type: UpdateCartResponse })
  @ApiInvalid('An unknown or deleted product, or a quantity that is not a whole number from 1 to 99')
  @ApiConflict("A quantity above the product's maxPerOrder (the cart is left as it was)")
  async updateCart(
    @CurrentCustomer() customer: CustomerIdentity,
    @Body() body: UpdateCartDto,
  ): Promise<UpdateCartResponse> {
    const cartItems = await this.cart.replaceCart(customer.userId, body.cartItems);
    return { success: true, message: MESSAGES.cartUpdated, cartItems };
  }
}
