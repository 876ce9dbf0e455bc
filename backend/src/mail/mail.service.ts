import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { DbExecutor } from '../db/database.module';
import { UsersService } from '../users/users.service';
import { NewOutboxRow, OutboxRepository } from './outbox.repository';

export type OutgoingMail = NewOutboxRow;

/**
 * Queues e-mails for delivery. A message is written to the outbox in the caller's transaction and sent later
 * by the OutboxWorker, so sending never delays or fails what the transaction does. Without SMTP_URL nothing
 * is queued: there is nowhere to send it.
 */
@Injectable()
export class MailService implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
    private readonly users: UsersService,
  ) {}

  /** A deleted customer's name and address leave the outbox with the account, sent messages included. */
  onModuleInit(): void {
    this.users.onAccountDeletion(async (tx, userId) => {
      const contact = await this.users.getCustomerContact(userId, tx);
      if (contact) await this.outbox.eraseRecipient(contact.email, tx);
    });
  }

  /** True when SMTP_URL is configured. */
  get enabled(): boolean {
    return !!this.config.smtpUrl;
  }

  async enqueue(mail: OutgoingMail, tx: DbExecutor): Promise<void> {
    if (!this.enabled) return;
    await this.outbox.insert(mail, tx);
  }
}
