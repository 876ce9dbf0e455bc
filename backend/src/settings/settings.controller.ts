import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  FOOD_PROMOTION_TEXTS,
  isLicensedHours,
  LICENCE_TEXTS,
  MESSAGES,
  penceToPounds,
  type ShippingSettings,
} from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import { CurrentStaff, SellerAuth, type StaffIdentity } from '../session/session.decorators';
import { ApiInvalid } from '../common/openapi-docs';
import { UpdateDeliveryAreasDto } from './dto/delivery-areas.dto';
import { DeliveryAreasResponse } from './dto/delivery-areas.response';
import { UpdateDeliverySettingsDto } from './dto/delivery-settings.dto';
import { DeliverySettingsResponse } from './dto/delivery-settings.response';
import { UpdateOrderSettingsDto } from './dto/order-settings.dto';
import { OrderSettingsResponse } from './dto/order-settings.response';
import { ShippingSettingsResponse } from './dto/shipping-settings.response';
import { UpdateShippingSettingsDto } from './dto/update-shipping-settings.dto';
import { SettingsService } from './settings.service';
import {
  FoodPromotionSettingsDto,
  FoodPromotionSettingsResponse,
  LicenceSettingsDto,
  LicenceSettingsResponse,
} from './dto/food-law.dto';
import { FoodLawSettingsRepository } from './settings.repository';

function inPounds(s: ShippingSettings) {
  return {
    shippingCharge: penceToPounds(s.shippingCharge),
    shippingThreshold: penceToPounds(s.shippingThreshold),
  };
}

@ApiTags('settings')
@Controller('api/settings')
export class SettingsController {
  constructor(
    private readonly settings: SettingsService,
    private readonly foodLaw: FoodLawSettingsRepository,
  ) {}

  /** The shipping fee and the order value from which shipping is free (pounds). */
  @Get('shipping')
  @ApiOperation({
    summary:
      'The shipping fee and the free-shipping threshold, and the most of one product an order may hold without a limit of its own',
  })
  @ApiOkResponse({ type: ShippingSettingsResponse })
  async getShippingSettings(): Promise<ShippingSettingsResponse> {
    return {
      success: true,
      ...inPounds(await this.settings.getShippingSettings()),
      maxPerProduct: await this.settings.getMaxPerProduct(),
    };
  }

  /** Sets the shipping fee and the free-shipping threshold (pounds, >= 0, at most 2 decimals). */
  @Post('shipping')
  @ApiOperation({ summary: 'Sets the shipping fee and the free-shipping threshold (seller only)' })
  @HttpCode(200)
  @SellerAuth()
  @ApiOkResponse({ type: ShippingSettingsResponse })
  @ApiInvalid()
  async updateShippingSettings(
    @Body() body: UpdateShippingSettingsDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<ShippingSettingsResponse> {
    const saved = await this.settings.updateShippingSettings(
      body.shippingCharge,
      body.shippingThreshold,
      staff,
    );
    return {
      success: true,
      message: MESSAGES.shippingSettingsUpdated,
      ...inPounds(saved),
      maxPerProduct: await this.settings.getMaxPerProduct(),
    };
  }

  /** How many orders one delivery slot of one date takes (seller only). */
  @Get('delivery')
  @ApiOperation({ summary: 'How many orders one delivery slot takes (seller only)' })
  @SellerAuth()
  @ApiOkResponse({ type: DeliverySettingsResponse })
  async getDeliverySettings(): Promise<DeliverySettingsResponse> {
    return { success: true, slotCapacity: await this.settings.getSlotCapacity() };
  }

  /** Sets the slot capacity (1-1000). Lowering it keeps the orders already booked and only stops new ones. */
  @Post('delivery')
  @ApiOperation({ summary: 'Sets how many orders one delivery slot takes (seller only)' })
  @HttpCode(200)
  @SellerAuth()
  @ApiOkResponse({ type: DeliverySettingsResponse })
  @ApiInvalid()
  async updateDeliverySettings(
    @Body() body: UpdateDeliverySettingsDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<DeliverySettingsResponse> {
    const slotCapacity = await this.settings.updateSlotCapacity(body.slotCapacity, staff);
    return { success: true, message: MESSAGES.deliverySettingsUpdated, slotCapacity };
  }

  /** How many open (Pending) orders one customer may hold at once, and the shop's limit per product (seller only). */
  @Get('orders')
  @ApiOperation({
    summary:
      "How many of a customer's orders may wait for delivery at once, and how many of one product one order may hold (seller only)",
  })
  @SellerAuth()
  @ApiOkResponse({ type: OrderSettingsResponse })
  async getOrderSettings(): Promise<OrderSettingsResponse> {
    return {
      success: true,
      maxOpenOrders: await this.settings.getMaxOpenOrders(),
      maxPerProduct: await this.settings.getMaxPerProduct(),
    };
  }

  /**
   * Sets maxOpenOrders (1-1000) and maxPerProduct (1-99, kept when left out). Lowering either keeps the orders
   * already placed and only stops new ones.
   */
  @Post('orders')
  @ApiOperation({
    summary:
      "Sets how many of a customer's orders may wait for delivery at once, and how many of one product one order may hold (seller only)",
  })
  @HttpCode(200)
  @SellerAuth()
  @ApiOkResponse({ type: OrderSettingsResponse })
  @ApiInvalid()
  async updateOrderSettings(
    @Body() body: UpdateOrderSettingsDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<OrderSettingsResponse> {
    const saved = await this.settings.updateOrderLimits(body.maxOpenOrders, body.maxPerProduct, staff);
    return { success: true, message: MESSAGES.orderSettingsUpdated, ...saved };
  }

  /** The postcode areas or districts the shop delivers to, for each city (public: the shop's checker reads it). */
  @Get('delivery-area')
  @ApiOperation({ summary: 'The postcode areas or districts delivered to, for each delivery city' })
  @ApiOkResponse({ type: DeliveryAreasResponse })
  async getDeliveryAreas(): Promise<DeliveryAreasResponse> {
    return { success: true, areas: await this.settings.getDeliveryAreas() };
  }

  /** Sets the delivery areas: every city, each a list of postcode areas ("BS") or districts ("BS8"). */
  @Post('delivery-area')
  @ApiOperation({ summary: 'Sets the postcode areas or districts delivered to, for each city (seller only)' })
  @HttpCode(200)
  @SellerAuth()
  @ApiOkResponse({ type: DeliveryAreasResponse })
  @ApiInvalid()
  async updateDeliveryAreas(
    @Body() body: UpdateDeliveryAreasDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<DeliveryAreasResponse> {
    const areas = await this.settings.updateDeliveryAreas(body.areas, staff);
    return { success: true, message: MESSAGES.deliveryAreasUpdated, areas };
  }

  /** Whether the food promotion and placement rules apply to the shop (owner only). */
  @Get('food-promotion')
  @ApiOperation({
    summary:
      'Whether the food promotion rules apply (50 or more employees): less healthy products out of volume promotions and prime places (owner only)',
  })
  @SellerAuth('owner')
  @ApiOkResponse({ type: FoodPromotionSettingsResponse })
  async getFoodPromotionSettings(): Promise<FoodPromotionSettingsResponse> {
    return { success: true, qualifyingBusiness: await this.foodLaw.getQualifyingBusiness() };
  }

  /** Turns the food promotion rules on or off (owner only). */
  @Post('food-promotion')
  @ApiOperation({ summary: 'Sets whether the food promotion rules apply (owner only)' })
  @HttpCode(200)
  @SellerAuth('owner')
  @ApiOkResponse({ type: FoodPromotionSettingsResponse })
  @ApiInvalid()
  async updateFoodPromotionSettings(
    @Body() body: FoodPromotionSettingsDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<FoodPromotionSettingsResponse> {
    const qualifyingBusiness = await this.foodLaw.saveQualifyingBusiness(body.qualifyingBusiness, staff);
    this.settings.invalidate();
    return { success: true, message: FOOD_PROMOTION_TEXTS.saved, qualifyingBusiness };
  }

  /** The premises licence, its supervisor and the hours alcohol may be sold (picked), London time. */
  @Get('licence')
  @ApiOperation({ summary: 'The premises licence and the hours for the sale of alcohol (seller only)' })
  @SellerAuth()
  @ApiOkResponse({ type: LicenceSettingsResponse })
  async getLicenceSettings(): Promise<LicenceSettingsResponse> {
    return { success: true, ...(await this.foodLaw.getLicence()) };
  }

  /** Sets the premises licence's details and its hours (every day, London time). */
  @Post('licence')
  @ApiOperation({ summary: 'Sets the premises licence and the hours for the sale of alcohol (seller only)' })
  @HttpCode(200)
  @SellerAuth()
  @ApiOkResponse({ type: LicenceSettingsResponse })
  @ApiInvalid()
  async updateLicenceSettings(
    @Body() body: LicenceSettingsDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<LicenceSettingsResponse> {
    if (!isLicensedHours(body.hours)) throw new InvalidError(LICENCE_TEXTS.hoursInvalid, { field: 'hours' });
    const hours = Object.fromEntries(
      Object.entries(body.hours).map(([day, [from, until]]) => [day, [from, until]]),
    ) as typeof body.hours;
    const saved = await this.foodLaw.saveLicence(
      { premisesLicence: body.premisesLicence || null, supervisor: body.supervisor || null, hours },
      staff,
    );
    this.settings.invalidate();
    return { success: true, message: LICENCE_TEXTS.saved, ...saved };
  }
}
