import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentCustomer, CustomerAuth, type CustomerIdentity } from '../session/session.decorators';
import { DataExportResponse } from './dto/data-export.response';
import { PrivacyService } from './privacy.service';

@ApiTags('user')
@Controller('api/user')
@CustomerAuth()
export class PrivacyController {
  constructor(private readonly privacy: PrivacyService) {}

  @Get('export')
  @ApiOperation({
    summary:
      'Downloads everything held about the signed-in customer (profile, addresses, orders, contact messages, newsletter) as a JSON file',
  })
  @ApiProduces('application/json')
  @ApiOkResponse({
    type: DataExportResponse,
    description: 'Sent as an attachment (larder-my-data-YYYY-MM-DD.json)',
  })
  async exportMyData(
    @CurrentCustomer() customer: CustomerIdentity,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DataExportResponse> {
    const data = await this.privacy.exportFor(customer.userId);
    const day = data.exportedAt.slice(0, 10);
    void reply.header('content-disposition', `attachment; filename="larder-my-data-${day}.json"`);
    return data;
  }
}
