import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@larder/shared-domain';
import { SellerAuth } from '../auth/auth.decorators';
import { ApiInvalid } from '../common/openapi-docs';
import { RateLimited } from '../common/throttling';
import { NewsletterSubscribersResponse, SubscribeNewsletterResponse } from './dto/newsletter.response';
import { SubscribeNewsletterDto } from './dto/subscribe-newsletter.dto';
import { NewsletterService } from './newsletter.service';

@ApiTags('newsletter')
@Controller('api/newsletter')
export class NewsletterController {
  constructor(private readonly newsletter: NewsletterService) {}

  @Post()
  @HttpCode(201)
  @RateLimited()
  @ApiOperation({
    summary: 'Join the newsletter',
    description: 'Idempotent: an address already on the list gets the same answer and is stored once.',
  })
  @ApiCreatedResponse({ type: SubscribeNewsletterResponse })
  @ApiInvalid('The e-mail address is missing or not valid')
  async subscribeToNewsletter(@Body() body: SubscribeNewsletterDto): Promise<SubscribeNewsletterResponse> {
    await this.newsletter.subscribe(body);
    return { success: true, message: MESSAGES.newsletterJoined };
  }

  @Get()
  @SellerAuth()
  @ApiOperation({ summary: 'Newsletter subscribers, newest first (seller only)' })
  @ApiOkResponse({ type: NewsletterSubscribersResponse })
  async listNewsletterSubscribers(): Promise<NewsletterSubscribersResponse> {
    return { success: true, subscribers: await this.newsletter.list() };
  }
}
