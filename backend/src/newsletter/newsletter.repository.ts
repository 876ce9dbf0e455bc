import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database } from '../db/database.module';
import { newestFirstPage } from '../db/newest-first';
import { newsletterSubscribers } from '../db/schema';

export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;

@Injectable()
export class NewsletterRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** Adds a lower-cased address; an address already on the list is left as it is. */
  async add(email: string): Promise<void> {
    await this.db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing({
      target: newsletterSubscribers.email,
    });
  }

  /** One page of the subscribers, newest first, and how many there are in all. */
  async list(page: PageRequest): Promise<Page<NewsletterSubscriberRow>> {
    return newestFirstPage(this.db, newsletterSubscribers, page);
  }

  async find(email: string): Promise<NewsletterSubscriberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email.toLowerCase()));
    return row;
  }
}
