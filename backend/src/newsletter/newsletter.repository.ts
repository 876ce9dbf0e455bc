import { Inject, Injectable } from '@nestjs/common';
import { desc } from 'drizzle-orm';
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

  async list(): Promise<NewsletterSubscriberRow[]> {
    return this.db
      .select()
      .from(newsletterSubscribers)
      .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id));
  }
}
