import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import type { DbExecutor } from '../db/database.module';
import { NewOutboxRow, OutboxRepository } from './outbox.repository';

export type OutgoingMail = NewOutboxRow;

/**
 * Queues e-mails for delivery. A message is written to the outbox in the caller's transaction and sent later
 * by the OutboxWorker, so sending never delays or fails what the transaction does. Without SMTP_URL nothing
 * is queued: there is nowhere to send it.
 */
@Injectable()
export class MailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
  ) {}

  /** True when SMTP_URL is configured. */
  get enabled(): boolean {
    return !!this.config.smtpUrl;
  }

  async enqueue(mail: OutgoingMail, tx: DbExecutor): Promise<void> {
    if (!this.enabled) return;
    await this.outbox.insert(mail, tx);
  }

  /** Every message to this address leaves the outbox, sent ones included (they hold a name and an address). */
  async eraseRecipient(email: string, tx: DbExecutor): Promise<void> {
    await this.outbox.eraseRecipient(email, tx);
  }
}
