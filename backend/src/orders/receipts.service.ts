import { Inject, Injectable } from '@nestjs/common';
import {
  changeGiven,
  formatAddress,
  formatPence,
  MESSAGES,
  orderDue,
  orderReference,
  penceToPounds,
  poundsToPence,
  receiptKind,
  SHOP_LOCATION,
  SHOP_NAME,
} from '@larder/shared-domain';
import { DB, Database } from '../db/database.module';
import { Clock } from '../common/clock';
import { ConflictError, InvalidError, NotFoundError } from '../common/errors';
import { ActivityLog } from '../activity/activity-log';
import { BusinessService } from '../business/business.service';
import type { StaffIdentity } from '../session/session.decorators';
import type { ReceiptView, RefundDto, RefundView } from './dto/money.dto';
import { MoneyRepository, RefundRow } from './money.repository';
import { OrderEmails } from './order-emails';
import { orderSupply } from './order-supply';
import { OrdersRepository } from './orders.repository';

/** Who asks for a receipt: the order's customer, or a member of staff. */
export type ReceiptViewer = { customer: string } | { staff: true };

export function creditNoteNumber(n: number): string {
  return `CN-${String(n).padStart(6, '0')}`;
}

export function invoiceNumber(n: number): string {
  return `INV-${String(n).padStart(6, '0')}`;
}

export function toRefundView(row: RefundRow): RefundView {
  return {
    _id: row.id,
    amount: penceToPounds(row.amount),
    method: row.method,
    reference: row.reference,
    reason: row.reason,
    creditNote: creditNoteNumber(row.creditNote),
    at: row.createdAt.toISOString(),
  };
}

/**
 * A delivered order's receipt (the kind the law asks for: a plain receipt, or a simplified or full VAT invoice),
 * and the refunds given on orders, each with a credit note from its own unbroken sequence.
 */
@Injectable()
export class ReceiptsService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly orders: OrdersRepository,
    private readonly money: MoneyRepository,
    private readonly business: BusinessService,
    private readonly emails: OrderEmails,
    private readonly clock: Clock,
  ) {}

  /**
   * The receipt of a delivered order (404 for an order not the customer's, 409 before delivery). A full VAT
   * invoice gets its number from the unbroken sequence the first time it is asked for, once.
   */
  async receipt(orderId: string, viewer: ReceiptViewer): Promise<ReceiptView> {
    let order = await this.orders.findWithItems(orderId);
    if (!order || ('customer' in viewer && order.userId !== viewer.customer))
      throw new NotFoundError(MESSAGES.orderNotFound);
    if (order.status !== 'Completed') throw new ConflictError(MESSAGES.receiptNotReady);
    const seller = await this.business.details();
    const kind = receiptKind(seller?.vatNumber, order.amount);
    if (kind === 'full_vat_invoice' && order.invoiceNumber === null) {
      await this.db.transaction(async (tx) => {
        const locked = await this.orders.lock(orderId, tx);
        if (locked && locked.invoiceNumber === null)
          await this.money.setInvoiceNumber(orderId, await this.money.nextNumber('invoice', tx), tx);
      });
      order = (await this.orders.findWithItems(orderId))!;
    }
    const labels = new Map(order.deals.map((deal) => [deal.promotion, deal.label]));
    const { lines, rates } = orderSupply(order);
    // The delivery charge carries no VAT: it joins the 0% rate.
    if (order.shippingCharge > 0) {
      const zero = rates.find((r) => r.vatBasisPoints === 0);
      if (zero) {
        zero.net += order.shippingCharge;
        zero.gross += order.shippingCharge;
      } else
        rates.unshift({
          vatBasisPoints: 0,
          net: order.shippingCharge,
          vat: 0,
          gross: order.shippingCharge,
        });
    }
    const cash = order.collectedCash ?? (order.paymentType === 'COD' ? order.amount : 0);
    const card = order.collectedCard ?? 0;
    const refunds = await this.money.refundsOf(orderId);
    return {
      kind,
      number:
        kind === 'full_vat_invoice' && order.invoiceNumber !== null
          ? invoiceNumber(order.invoiceNumber)
          : `#${orderReference(order.id)}`,
      seller: {
        legalName: seller?.legalName ?? SHOP_NAME,
        address: seller?.address ?? SHOP_LOCATION,
        vatNumber: seller?.vatNumber ?? null,
      },
      customer:
        kind === 'full_vat_invoice'
          ? {
              name: order.customerName ?? MESSAGES.deletedCustomer,
              address: order.address ? formatAddress(order.address) : null,
            }
          : null,
      timeOfSupply: (order.deliveredAt ?? order.updatedAt).toISOString(),
      lines: [
        ...lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          amount: penceToPounds(line.gross),
          vatRate: line.vatBasisPoints / 100,
          promotion: line.pricing.promotion ? (labels.get(line.pricing.promotion) ?? null) : null,
          saving: penceToPounds(line.pricing.saving),
        })),
        ...(order.shippingCharge > 0
          ? [
              {
                name: 'Delivery',
                quantity: 1,
                amount: penceToPounds(order.shippingCharge),
                vatRate: 0,
                promotion: null,
                saving: 0,
              },
            ]
          : []),
      ],
      savings: penceToPounds(order.savings),
      deals: order.deals
        .filter((deal) => deal.saving > 0)
        .map((deal) => ({ label: deal.label, saving: penceToPounds(deal.saving) })),
      vatRates: rates.map((r) => ({
        rate: r.vatBasisPoints / 100,
        net: penceToPounds(r.net),
        vat: penceToPounds(r.vat),
        gross: penceToPounds(r.gross),
      })),
      total: penceToPounds(order.amount),
      cash: penceToPounds(cash),
      card: penceToPounds(card),
      change: penceToPounds(order.paymentType === 'COD' ? changeGiven(orderDue(order), cash, card) : 0),
      refunds: refunds.map(toRefundView),
    };
  }

  /**
   * Gives money back on a paid order: never more than can be given back (a cash-on-delivery order: what was
   * handed over at the door less what was refunded; a card order: what it is owed), 409 otherwise. The refund
   * settles what the order is owed (refundDue) as far as it covers it, takes the next credit note number, and is
   * written to the activity log and e-mailed to the customer, in one transaction.
   */
  async refund(orderId: string, input: RefundDto, actor: StaffIdentity): Promise<RefundView> {
    const amount = poundsToPence(input.amount)!;
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      const order = await this.orders.lock(orderId, tx);
      if (!order) throw new NotFoundError(MESSAGES.orderNotFound);
      if (!order.isPaid) throw new ConflictError(MESSAGES.refundNotPaid);
      const refunded = (await this.money.refundsOf(orderId, tx)).reduce((sum, r) => sum + r.amount, 0);
      const received =
        order.paymentType === 'COD'
          ? (order.collectedCash ?? order.amount) + (order.collectedCard ?? 0) - refunded
          : order.refundDue;
      if (amount > received) throw new ConflictError(MESSAGES.refundTooLarge);
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
