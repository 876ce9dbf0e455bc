import { Injectable, Logger } from '@nestjs/common';
import type { Page, PageRequest } from '../common/pagination';
import { ContactMailer } from './contact-mailer';
import { ContactRepository, type ContactMessageRow } from './contact.repository';
import type { ContactMessageView } from './dto/contact.response';
import type { SendContactMessageDto } from './dto/send-contact-message.dto';

/**
 * Contact messages: always stored first, then e-mailed to the shop when SMTP is configured. A failed e-mail is
 * logged and leaves `emailedAt` empty (the message is still in the seller's list), and the sender is still told
 * the message was sent: it has reached the shop.
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly repository: ContactRepository,
    private readonly mailer: ContactMailer,
  ) {}

  /** Stores and e-mails a message; `userId` is the customer signed in when sending it, if any. */
  async send(input: SendContactMessageDto, userId?: string): Promise<void> {
    const message = { name: input.name, email: input.email, phone: input.phone, message: input.message };
    const id = await this.repository.insert({ ...message, userId: userId ?? null });
    if (!this.mailer.enabled) return;
    try {
      await this.mailer.send(message);
      await this.repository.markEmailed(id, new Date());
    } catch (err) {
      this.logger.error(
        `Contact message ${id} is stored but could not be e-mailed: ${(err as Error).message}`,
      );
    }
  }

  /** One page of the messages, newest first. */
  async list(page: PageRequest): Promise<Page<ContactMessageView>> {
    const { rows, total } = await this.repository.list(page);
    return { rows: rows.map(toView), total };
  }

  /**
   * The messages a customer sent while signed in (their data export): by account, never by the address typed in
   * the form, which anyone may type.
   */
  async listSentBy(userId: string): Promise<ContactMessageView[]> {
    return (await this.repository.listByUser(userId)).map(toView);
  }
}

function toView(row: ContactMessageRow): ContactMessageView {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    emailedAt: row.emailedAt ? row.emailedAt.toISOString() : null,
  };
}
