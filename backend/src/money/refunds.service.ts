import { Inject, Injectable } from '@nestjs/common';
import { formatPence, hasVisibleText, MESSAGES, poundsToPence, refundable } from '@larder/shared-domain';
import { DB, Database } from '../db/database.module';
import { Clock } from '../common/clock';
import { ConflictError, InvalidError, NotFoundError } from '../common/errors';
import { ActivityLog } from '../activity/activity-log';
import type { StaffIdentity } from '../session/session.decorators';
import { OrderEmails } from '../orders/order-emails';
import { OrdersRepository } from '../orders/orders.repository';
import type { RefundDto, RefundView } from './dto/money.dto';
import { MoneyRepository } from './money.repository';
import { creditNoteNumber, toRefundView } from './receipts.service';

/** Refunds given on orders, each with a credit note from its own unbroken sequence. */
@Injectable()
export class RefundsService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly orders: OrdersRepository,
    private readonly money: MoneyRepository,
    private readonly emails: OrderEmails,
    private readonly clock: Clock,
  ) {}

  /**
   * Gives money back on a paid order: never more than the shop kept of it (handed over less change, or what the
   * card payment captured) less what was refunded already, 400 otherwise. The refund
   * settles what the order is owed (refundDue) as far as it covers it, takes the next credit note number, and is
   * written to the activity log and e-mailed to the customer, in one transaction.
   */
  async refund(orderId: string, input: RefundDto, actor: StaffIdentity): Promise<RefundView> {
    const amount = poundsToPence(input.amount)!;
    if (!hasVisibleText(input.reason)) throw new InvalidError(MESSAGES.reasonNeedsWords);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await this.orders.lock(orderId, tx);
      if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
      if (!order.isPaid) throw new ConflictError(MESSAGES.refundNotPaid);
      const refunded = (await this.money.refundsOf(orderId, tx)).reduce((sum, r) => sum + r.amount, 0);
      if (amount > refundable(order, refunded)) throw new InvalidError(MESSAGES.refundTooLarge);
      if (input.lines?.length) {
        const lines = await this.orders.lines(orderId, tx);
        for (const wanted of input.lines) {
          const line = lines.find((l) => l.productId === wanted.product.toLowerCase());
          if (!line || line.refused || wanted.quantity > (line.picked ?? line.quantity))
            throw new InvalidError(MESSAGES.refundLinesInvalid);
        }
      }
      const creditNote = await this.money.nextNumber('credit_note', tx);
      const row = await this.money.insertRefund(
        {
          orderId,
          amount,
          method: input.method,
          reference: input.reference ?? null,
          reason: input.reason,
          lines: (input.lines ?? []).map((l) => ({ product: l.product.toLowerCase(), quantity: l.quantity })),
          creditNote,
          staffId: actor.id,
          staffName: actor.name,
          createdAt: now,
        },
        tx,
      );
      const owed = Math.max(0, order.refundDue - amount);
      if (owed !== order.refundDue)
        await this.orders.update(
          orderId,
          { refundDue: owed, refundDueAt: owed > 0 ? order.refundDueAt : null, updatedAt: now },
          tx,
        );
      await ActivityLog.record(tx, actor, {
        action: 'order.refund',
        kind: 'order',
        id: orderId,
        summary:
          `Refund ${formatPence(amount)} by ${input.method}, credit note ${creditNoteNumber(creditNote)}` +
          `${owed !== order.refundDue ? `, refund due ${formatPence(order.refundDue)} → ${formatPence(owed)}` : ''}`,
      });
      await this.emails.refunded(
        orderId,
        { amount, method: input.method, creditNote: creditNoteNumber(creditNote) },
        tx,
      );
      return toRefundView(row);
    });
  }
}
