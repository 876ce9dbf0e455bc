import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentStaff, SellerAuth, type StaffIdentity } from '../session/session.decorators';
import { ApiInvalid } from '../common/openapi-docs';
import { BusinessDetailsDto, BusinessDetailsResponse } from './dto/business-details.dto';
import { BusinessService } from './business.service';

@ApiTags('settings')
@Controller('api/settings/business')
export class BusinessController {
  constructor(private readonly business: BusinessService) {}

  @Get()
  @ApiOperation({
    summary: "The business's details (legal name, address, contact, VAT and company numbers)",
    description:
      'Public: the footer and the terms page show who the shop is, as the law asks an online shop to; receipts ' +
      'print them.',
  })
  @ApiOkResponse({ type: BusinessDetailsResponse })
  async getBusinessDetails(): Promise<BusinessDetailsResponse> {
    return { success: true, business: await this.business.details() };
  }

  @Post()
  @HttpCode(200)
  @SellerAuth()
  @ApiOperation({
    summary: "Saves the business's details (owner and managers)",
    description:
      'The VAT number in the GB format (GB and 9 or 12 digits); spaces are dropped and letters upper-cased.',
  })
  @ApiOkResponse({ type: BusinessDetailsResponse })
  @ApiInvalid('A field missing or too long, a VAT or company number not in the UK format')
  async updateBusinessDetails(
    @Body() body: BusinessDetailsDto,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<BusinessDetailsResponse> {
    return { success: true, business: await this.business.save(body, staff) };
  }
}
