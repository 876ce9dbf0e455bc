import { Inject, Injectable } from '@nestjs/common';
import { count, desc } from 'drizzle-orm';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database } from '../db/database.module';
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
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(newsletterSubscribers)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ total: count() }).from(newsletterSubscribers),
    ]);
    return { rows, total };
  }
}
