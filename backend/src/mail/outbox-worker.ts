import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { SHOP_NAME } from '@larder/shared-domain';
import { redact } from '../config/redact';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { Clock } from '../common/clock';
import { createSmtpTransport, SmtpTransport } from './smtp-transport';
import { OutboxRepository, OutboxRow } from './outbox.repository';

/** Messages sent per round at most before the worker looks again at once. */
export const OUTBOX_BATCH = 10;
/** How long a claim keeps other processes off a message: longer than the SMTP time-outs below together. */
export const OUTBOX_LEASE_MS = 2 * 60_000;
/** After this many failed attempts a message stays unsent (its last error is kept for the operator). */
export const OUTBOX_MAX_ATTEMPTS = 10;
/**
 * Sent messages, and unsent ones that used every attempt, are kept this long (for an operator's questions) after
 * they were sent or last tried, then deleted: what was given up on holds a customer's address and order too.
 */
export const OUTBOX_KEEP_SENT_DAYS = 30;
/** How often the worker looks for messages past that age. */
const OUTBOX_PURGE_EVERY_MS = 60 * 60_000;
/** The first wait before recording a sent message again when the database did not take it. */
export const OUTBOX_MARK_SENT_RETRY_MS = 250;
/** The longest wait between two attempts. */
export const OUTBOX_MAX_BACKOFF_MS = 60 * 60_000;

/** Wait before the next attempt after `attempts` failed ones: the poll interval doubled each time, capped. */
export function retryDelayMs(attempts: number, pollIntervalMs: number): number {
  return Math.min(pollIntervalMs * 2 ** Math.max(0, attempts - 1), OUTBOX_MAX_BACKOFF_MS);
}

/**
 * Delivers the e-mail outbox over SMTP (SMTP_URL). Every MAIL_POLL_INTERVAL_MS it claims the due messages
 * (several replicas can run this side by side: a claim is a lease in next_attempt_at, taken with
 * FOR UPDATE SKIP LOCKED), sends them, and marks each sent once the server accepted it, or schedules a retry
 * with backoff. Each message has a Message-ID derived from its row, the same on every attempt. On shutdown
 * it stops claiming and lets the messages in hand finish, so a restart neither loses nor repeats one.
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxWorker.name);
  private transporter?: SmtpTransport;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = true;
  private lastPurgeAt?: number;
  /** Rounds finished since the app started (whatever they sent): what a test waits on to see the worker idle on. */
  private finishedRounds = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.smtpUrl) return;
    this.stopped = false;
    this.schedule(0);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  /** How many rounds have finished, each having sent what was due then. */
  get roundsFinished(): number {
    return this.finishedRounds;
  }

  /** Stops polling and waits for the round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    this.transporter?.close();
    this.transporter = undefined;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.running = this.round()
        .catch((err: unknown) => {
          this.logger.error(
            `E-mail outbox round failed: ${redact(err instanceof Error ? err.message : String(err))}`,
          );
          return 0;
        })
        .then((claimed) => {
          this.running = undefined;
          this.finishedRounds += 1;
          // A full batch means more may be waiting: go again at once.
          this.schedule(claimed >= OUTBOX_BATCH ? 0 : this.config.mailPollIntervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Sends up to OUTBOX_BATCH due messages; answers how many it sent or tried. Each is claimed just before it is
   * sent, so its lease only has to outlast one SMTP exchange, and a shutdown stops between two messages.
   */
  private async round(): Promise<number> {
    const now = this.clock.now().getTime();
    if (this.lastPurgeAt === undefined || now - this.lastPurgeAt >= OUTBOX_PURGE_EVERY_MS) {
      this.lastPurgeAt = now;
      const purged = await this.outbox.purgeBefore(
        new Date(now - OUTBOX_KEEP_SENT_DAYS * 86_400_000),
        OUTBOX_MAX_ATTEMPTS,
      );
      if (purged > 0)
        this.logger.log(
          `Deleted ${purged} e-mail(s) sent, or given up on, over ${OUTBOX_KEEP_SENT_DAYS} days ago`,
        );
      const entries = await this.outbox.purgeOldActivity();
      if (entries > 0) this.logger.log(`Deleted ${entries} activity log entr(ies) over two years old`);
    }
    let handled = 0;
    while (handled < OUTBOX_BATCH && !this.stopped) {
      const rows = await this.outbox.claimDue(1, OUTBOX_LEASE_MS, OUTBOX_MAX_ATTEMPTS);
      if (!rows.length) break;
      for (const row of rows) await this.deliver(row);
      handled += rows.length;
    }
    return handled;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const from = this.config.mailFrom ?? this.config.sellerEmail;
    try {
      await this.transport().sendMail({
        from: { name: SHOP_NAME, address: from },
        to: row.recipient,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        messageId: `<${row.id}@${from.split('@')[1]}>`,
        date: row.createdAt,
      });
    } catch (err) {
      // The server's answer often names the recipient: neither the log nor the table keeps the address.
      const message = redact(err instanceof Error ? err.message : String(err));
      const retryIn = retryDelayMs(row.attempts, this.config.mailPollIntervalMs);
      this.logger.warn(`E-mail ${row.id} (attempt ${row.attempts}) failed: ${message}`);
      await this.outbox.markFailed(row.id, message, retryIn);
      return;
    }
    await this.markSent(row.id);
  }

  /**
   * Records a message the mail server accepted. Should the database be away for a moment (a restart), it tries
   * again for half the lease: once the lease ends another round would send the message a second time.
   */
  private async markSent(id: string): Promise<void> {
    const giveUpAt = Date.now() + OUTBOX_LEASE_MS / 2;
    for (let wait = OUTBOX_MARK_SENT_RETRY_MS; ; wait = Math.min(wait * 2, 5000)) {
      try {
        await this.outbox.markSent(id);
        return;
      } catch (err) {
        if (this.stopped || Date.now() + wait > giveUpAt) throw err;
        this.logger.warn(
          `E-mail ${id} was sent; recording it failed, trying again: ${redact(err instanceof Error ? err.message : String(err))}`,
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  private transport(): SmtpTransport {
    this.transporter ??= createSmtpTransport(this.config.smtpUrl);
    return this.transporter;
  }
}
