import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PROMOTION_TEXTS } from '@larder/shared-domain';
import { CurrentStaff, SellerAuth, type StaffIdentity } from '../session/session.decorators';
import { ApiConflict, ApiInvalid, ApiNotFound } from '../common/openapi-docs';
import { SuccessResponse } from '../common/responses';
import { ApiIdParam, IdParam } from '../common/uuid-param';
import {
  PromotionInputDto,
  PromotionListResponse,
  PromotionResponse,
  SellerPromotionListResponse,
} from './dto/promotion.dto';
import { ProductListCache } from './product-list.cache';
import { PromotionsService } from './promotions.service';

const REFUSALS =
  'Unknown kind or products, a deal that takes fewer than 2 units or saves nothing, a price missing, an end ' +
  'not after the start or in the past, a reduction not below the price or whose "was" price was not the ' +
  "product's price for the 28 days before it starts; nothing is stored";

@ApiTags('promotion')
@Controller('api')
export class PromotionsController {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly list: ProductListCache,
  ) {}

  @Get('promotions')
  @ApiOperation({ summary: 'The promotions running now' })
  @ApiOkResponse({ type: PromotionListResponse })
  async listPromotions(): Promise<PromotionListResponse> {
    return { success: true, promotions: await this.promotions.listRunning() };
  }

  @Get('seller/promotions')
  @ApiOperation({ summary: 'Every promotion with its state, units sold and saving (owner and managers)' })
  @SellerAuth('owner', 'manager')
  @ApiOkResponse({ type: SellerPromotionListResponse })
  async listSellerPromotions(): Promise<SellerPromotionListResponse> {
    return { success: true, promotions: await this.promotions.listForSeller() };
  }

  @Post('seller/promotions')
  @ApiOperation({ summary: 'Creates a promotion (owner and managers)' })
  @SellerAuth('owner', 'manager')
  @ApiCreatedResponse({ type: PromotionResponse })
  @ApiInvalid(REFUSALS)
  @ApiConflict('A product is already in a promotion at that time')
  async createPromotion(
    @Body() body: PromotionInputDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<PromotionResponse> {
    const promotion = await this.promotions.create(body, staff);
    this.list.invalidate();
    return { success: true, message: PROMOTION_TEXTS.promotionCreated, promotion };
  }

  @Put('seller/promotions/:id')
  @ApiOperation({ summary: 'Replaces the terms of a promotion that has not ended (owner and managers)' })
  @SellerAuth('owner', 'manager')
  @ApiIdParam('Promotion id')
  @ApiOkResponse({ type: PromotionResponse })
  @ApiInvalid(REFUSALS)
  @ApiNotFound('No such promotion')
  @ApiConflict('The promotion has ended, or a product is already in a promotion at that time')
  async updatePromotion(
    @IdParam(PROMOTION_TEXTS.promotionNotFound) id: string,
    @Body() body: PromotionInputDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<PromotionResponse> {
    const promotion = await this.promotions.update(id, body, staff);
    this.list.invalidate();
    return { success: true, message: PROMOTION_TEXTS.promotionUpdated, promotion };
  }

  @Delete('seller/promotions/:id')
  @ApiOperation({
    summary:
      'Ends a promotion early: a running one ends now, a scheduled one is removed (owner and managers)',
  })
  @SellerAuth('owner', 'manager')
  @ApiIdParam('Promotion id')
  @ApiOkResponse({ type: SuccessResponse })
  @ApiNotFound('No such promotion')
  @ApiConflict('The promotion has ended already')
  async endPromotion(
    @IdParam(PROMOTION_TEXTS.promotionNotFound) id: string,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<SuccessResponse> {
    await this.promotions.end(id, staff);
    this.list.invalidate();
    return { success: true, message: PROMOTION_TEXTS.promotionEnded };
  }
}
