import { Injectable } from '@nestjs/common';
import type { Page, PageRequest } from '../common/pagination';
import type { NewsletterSubscriberView } from './dto/newsletter.response';
import type { SubscribeNewsletterDto } from './dto/subscribe-newsletter.dto';
import { NewsletterRepository } from './newsletter.repository';

/** The newsletter list: subscribing is idempotent, so an address already on the list is simply confirmed. */
@Injectable()
export class NewsletterService {
  constructor(private readonly repository: NewsletterRepository) {}

  async subscribe(input: SubscribeNewsletterDto): Promise<void> {
    await this.repository.add(input.email);
  }

  /** One page of the subscribers, newest first. */
  async list(page: PageRequest): Promise<Page<NewsletterSubscriberView>> {
    const { rows, total } = await this.repository.list(page);
    return { rows: rows.map((row) => ({ email: row.email, createdAt: row.createdAt.toISOString() })), total };
  }

  /** The address's subscription, or null (a customer's data export). */
  async subscriptionOf(email: string): Promise<NewsletterSubscriberView | null> {
    const row = await this.repository.find(email);
    return row ? { email: row.email, createdAt: row.createdAt.toISOString() } : null;
  }
}
