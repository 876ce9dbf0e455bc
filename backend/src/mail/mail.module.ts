import { Module } from '@nestjs/common';
import { MailService } from './mail.service';
import { OutboxRepository } from './outbox.repository';
import { OutboxWorker } from './outbox-worker';

/** Outgoing e-mail: the outbox other modules write to in their transactions, and its delivery worker. */
@Module({
  providers: [MailService, OutboxRepository, OutboxWorker],
  exports: [MailService],
})
export class MailModule {}
