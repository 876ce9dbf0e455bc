import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@larder/shared-domain';
import { SellerAuth } from '../session/session.decorators';
import { ApiInvalid } from '../common/openapi-docs';
import { PageQuery, pageInfo, pageRequest } from '../common/pagination';
import { RateLimited } from '../common/throttling';
import { ContactService } from './contact.service';
import { ContactMessagesResponse, SendContactMessageResponse } from './dto/contact.response';
import { SendContactMessageDto } from './dto/send-contact-message.dto';

@ApiTags('contact')
@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(201)
  @RateLimited()
  @ApiOperation({
    summary: 'Send a message to the shop',
    description: 'Stored for the seller and e-mailed to the shop when SMTP is configured.',
  })
  @ApiCreatedResponse({ type: SendContactMessageResponse })
  @ApiInvalid('A field is missing, too long, or the e-mail address is not valid')
  async sendContactMessage(@Body() body: SendContactMessageDto): Promise<SendContactMessageResponse> {
    await this.contact.send(body);
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
