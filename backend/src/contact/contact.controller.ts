import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@larder/shared-domain';
import { SellerAuth } from '../session/session.decorators';
import { SessionService } from '../session/session.service';
import { ApiInvalid } from '../common/openapi-docs';
import { PageQuery, pageInfo, pageRequest } from '../common/pagination';
import { RateLimited } from '../common/throttling';
import { ContactService } from './contact.service';
import { ContactMessagesResponse, SendContactMessageResponse } from './dto/contact.response';
import { SendContactMessageDto } from './dto/send-contact-message.dto';

@ApiTags('contact')
@Controller('api/contact')
export class ContactController {
  constructor(
    private readonly contact: ContactService,
    private readonly sessions: SessionService,
  ) {}

  @Post()
  @HttpCode(201)
  @RateLimited()
  @ApiOperation({
    summary: 'Send a message to the shop',
    description:
      "Stored for the seller and e-mailed to the shop when SMTP is configured. Sent by a signed-in customer, it is part of that customer's data export.",
  })
  @ApiCreatedResponse({ type: SendContactMessageResponse })
  @ApiInvalid('A field is missing, too long, or the e-mail address is not valid')
  async sendContactMessage(
    @Body() body: SendContactMessageDto,
    @Req() request: FastifyRequest,
  ): Promise<SendContactMessageResponse> {
    await this.contact.send(body, await this.sessions.customerOf(request));
    return { success: true, message: MESSAGES.contactSent };
  }

  @Get()
  @SellerAuth()
  @ApiOperation({ summary: 'Contact messages, newest first, a page at a time (seller only)' })
  @ApiOkResponse({ type: ContactMessagesResponse })
  @ApiInvalid('page or limit is not a whole number in range')
  async listContactMessages(@Query() query: PageQuery): Promise<ContactMessagesResponse> {
    const page = pageRequest(query);
    const { rows, total } = await this.contact.list(page);
    return { success: true, messages: rows, ...pageInfo(page, total) };
  }
}
