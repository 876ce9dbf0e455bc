import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MESSAGES } from '@larder/shared-domain';
import { SellerAuth } from '../session/session.decorators';
import { ApiInvalid } from '../common/openapi-docs';
import { PageQuery, pageInfo, pageRequest } from '../common/pagination';
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
  @ApiOperation({ summary: 'Newsletter subscribers, newest first, a page at a time (seller only)' })
  @ApiOkResponse({ type: NewsletterSubscribersResponse })
  @ApiInvalid('page or limit is not a whole number in range')
  async listNewsletterSubscribers(@Query() query: PageQuery): Promise<NewsletterSubscribersResponse> {
    const page = pageRequest(query);
    const { rows, total } = await this.newsletter.list(page);
    return { success: true, subscribers: rows, ...pageInfo(page, total) };
  }
}
