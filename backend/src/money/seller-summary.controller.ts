import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SellerAuth } from '../session/session.decorators';
import { SellerSummaryResponse } from './dto/seller-summary.response';
import { SellerSummaryService } from './seller-summary.service';

@ApiTags('seller')
@Controller('api/seller')
export class SellerSummaryController {
  constructor(private readonly summary: SellerSummaryService) {}

  @Get('summary')
  @SellerAuth()
  @ApiOperation({
    summary: "The seller's figures (seller only)",
    description:
      'Orders and revenue today and over the last 7 days, day by day for the last 14 dates (Europe/London ' +
      'calendar dates; cancelled orders excluded), the number of Pending orders, counted products with low ' +
      'stock, and the 5 best sellers of the last 30 days.',
  })
  @ApiOkResponse({ type: SellerSummaryResponse })
  async getSellerSummary(): Promise<SellerSummaryResponse> {
    return { success: true, ...(await this.summary.getSummary()) };
  }
}
