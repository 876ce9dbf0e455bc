import { Inject, Injectable } from '@nestjs/common';
import { asc, eq } from 'drizzle-orm';
import type { Page, PageRequest } from '../common/pagination';
import { DB, Database } from '../db/database.module';
import { newestFirstPage } from '../db/newest-first';
import { contactMessages } from '../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessage = Pick<ContactMessageRow, 'name' | 'email' | 'phone' | 'message'> &
  Partial<Pick<ContactMessageRow, 'userId'>>;

@Injectable()
export class ContactRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  async insert(message: NewContactMessage): Promise<string> {
    const [row] = await this.db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
    return row.id;
  }

  async markEmailed(id: string, at: Date): Promise<void> {
    await this.db.update(contactMessages).set({ emailedAt: at }).where(eq(contactMessages.id, id));
  }

  /** One page of the messages, newest first, and how many there are in all. */
  async list(page: PageRequest): Promise<Page<ContactMessageRow>> {
    return newestFirstPage(this.db, contactMessages, page);
  }

  /** Every message the customer sent while signed in, oldest first. */
  async listByUser(userId: string): Promise<ContactMessageRow[]> {
    return this.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.userId, userId))
      .orderBy(asc(contactMessages.createdAt));
  }
}
