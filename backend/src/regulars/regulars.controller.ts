import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { MESSAGES, REGULARS_MESSAGES } from '@larder/shared-domain';
import { CurrentCustomer, CustomerAuth, CustomerIdentity } from '../session/session.decorators';
import { ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { SuccessResponse } from '../common/responses';
import { ApiIdParam, IdParam, UuidParam } from '../common/uuid-param';
import { CreateStandingOrderDto, UpdateStandingOrderDto } from './dto/standing-order.dto';
import {
  FavouritesResponse,
  StandingOrderResponse,
  StandingOrdersResponse,
  UsualsResponse,
} from './dto/regulars.response';
import { RegularsService } from './regulars.service';
import { StandingOrdersService } from './standing-orders.service';

const ProductIdParam = () => ApiParam({ name: 'productId', format: 'uuid', description: 'Product id' });

@ApiTags('user')
@CustomerAuth()
@Controller('api/user')
export class RegularsController {
  constructor(
    private readonly regulars: RegularsService,
    private readonly standingOrders: StandingOrdersService,
  ) {}

  @Get('favourites')
  @ApiOperation({ summary: "The customer's favourite products, newest first" })
  @ApiOkResponse({ type: FavouritesResponse })
  async favourites(@CurrentCustomer() customer: CustomerIdentity): Promise<FavouritesResponse> {
    return { success: true, products: await this.regulars.favourites(customer.userId) };
  }

  @Put('favourites/:productId')
  @ProductIdParam()
  @ApiOperation({ summary: 'Keeps a product as a favourite (idempotent); answers the favourites' })
  @ApiOkResponse({ type: FavouritesResponse })
  @ApiNotFound('No such product')
  @ApiConflict('The customer keeps the most favourites allowed')
  async addFavourite(
    @CurrentCustomer() customer: CustomerIdentity,
    @Param('productId', new UuidParam(MESSAGES.productNotFound)) productId: string,
  ): Promise<FavouritesResponse> {
    const products = await this.regulars.addFavourite(customer.userId, productId);
    return { success: true, message: REGULARS_MESSAGES.favouriteAdded, products };
  }

  @Delete('favourites/:productId')
  @ProductIdParam()
  @ApiOperation({ summary: 'A product is no longer a favourite (idempotent); answers the favourites' })
  @ApiOkResponse({ type: FavouritesResponse })
  @ApiNotFound('No such product')
  async removeFavourite(
    @CurrentCustomer() customer: CustomerIdentity,
    @Param('productId', new UuidParam(MESSAGES.productNotFound)) productId: string,
  ): Promise<FavouritesResponse> {
    const products = await this.regulars.removeFavourite(customer.userId, productId);
    return { success: true, message: REGULARS_MESSAGES.favouriteRemoved, products };
  }

  @Get('usuals')
  @ApiOperation({
    summary:
      'The products the customer buys most often and most recently (delivered and pending orders), at most 40',
  })
  @ApiOkResponse({ type: UsualsResponse })
  async usuals(@CurrentCustomer() customer: CustomerIdentity): Promise<UsualsResponse> {
    return { success: true, products: await this.regulars.usuals(customer.userId) };
  }

  @Get('standing-orders')
  @ApiOperation({ summary: "The customer's regular deliveries (standing orders)" })
  @ApiOkResponse({ type: StandingOrdersResponse })
  async listStandingOrders(@CurrentCustomer() customer: CustomerIdentity): Promise<StandingOrdersResponse> {
    return { success: true, standingOrders: await this.standingOrders.list(customer.userId) };
  }

  @Post('standing-orders')
  @ApiOperation({
    summary: 'Sets up a regular delivery: the same lines every week or two on one weekday (cash on delivery)',
    description:
      'Checked as an order is (products, quantities, limits, an address of the customer in the delivery area, ' +
      'the 18+ confirmation). Its order is placed at 15:00 London two days before each delivery; at once when ' +
      "the next delivery is already the shop's delivery date.",
  })
  @ApiCreatedResponse({ type: StandingOrderResponse })
  @ApiInvalid(
    "A field is missing or wrong, the address is not the customer's, or the 18+ confirmation is missing",
  )
  @ApiConflict(
    'A product is not sold or above its limit per order, or the customer has the most plans allowed',
  )
  @ApiNotFound('fromOrder is not an order of this customer')
  async createStandingOrder(
    @CurrentCustomer() customer: CustomerIdentity,
    @Body() body: CreateStandingOrderDto,
  ): Promise<StandingOrderResponse> {
    const standingOrder = await this.standingOrders.create(customer.userId, body);
    return { success: true, message: REGULARS_MESSAGES.standingOrderCreated, standingOrder };
  }

  @Put('standing-orders/:id')
  @ApiIdParam('Standing order id')
  @ApiOperation({ summary: 'Changes, pauses, resumes or skips the next delivery of a regular delivery' })
  @ApiOkResponse({ type: StandingOrderResponse })
  @ApiInvalid('A field is wrong')
  @ApiNotFound('No such regular delivery of this customer')
  @ApiConflict('A product is not sold or above its limit per order')
  async updateStandingOrder(
    @CurrentCustomer() customer: CustomerIdentity,
    @IdParam(REGULARS_MESSAGES.standingOrderNotFound) id: string,
    @Body() body: UpdateStandingOrderDto,
  ): Promise<StandingOrderResponse> {
    const standingOrder = await this.standingOrders.update(customer.userId, id, body);
    return { success: true, message: REGULARS_MESSAGES.standingOrderUpdated, standingOrder };
  }

  @Delete('standing-orders/:id')
  @HttpCode(200)
  @ApiIdParam('Standing order id')
  @ApiOperation({ summary: 'Ends a regular delivery (orders it placed stay as they are)' })
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFound('No such regular delivery of this customer')
  async deleteStandingOrder(
    @CurrentCustomer() customer: CustomerIdentity,
    @IdParam(REGULARS_MESSAGES.standingOrderNotFound) id: string,
  ): Promise<SuccessResponse> {
    await this.standingOrders.remove(customer.userId, id);
    return { success: true, message: REGULARS_MESSAGES.standingOrderCancelled };
  }
}
