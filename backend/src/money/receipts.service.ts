import { Inject, Injectable } from '@nestjs/common';
import {
  formatAddress,
  keptOf,
  MESSAGES,
  orderReference,
  penceToPounds,
  receiptKind,
  SHOP_LOCATION,
  SHOP_NAME,
  suppliedRates,
} from '@larder/shared-domain';
import { DB, Database } from '../db/database.module';
import { ConflictError, NotFoundError } from '../common/errors';
import { BusinessService } from '../business/business.service';
import { OrdersRepository } from '../orders/orders.repository';
import type { ReceiptView, RefundView } from './dto/money.dto';
import { MoneyRepository, RefundRow } from './money.repository';
import { storedSupply } from '../orders/order-supply';

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
 * with the refunds given on it (RefundsService).
 */
@Injectable()
export class ReceiptsService {
  constructor(
    @Inject(DB) private readonly db: Database,
    private readonly orders: OrdersRepository,
    private readonly money: MoneyRepository,
    private readonly business: BusinessService,
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
    const supply = storedSupply(order);
    const rates = suppliedRates(supply);
    // Handed over at the door (a cash-on-delivery order with nothing recorded paid its total in cash), the change
    // given back, and what the shop kept: the paid line.
    const recorded = order.collectedCash !== null || order.collectedCard !== null;
    const cash = recorded ? (order.collectedCash ?? 0) : order.paymentType === 'COD' ? order.amount : 0;
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
        ...supply.lines.map((line) => ({
          name: line.name,
          quantity: line.quantity,
          amount: penceToPounds(line.gross),
          vatRate: line.vatBasisPoints / 100,
          promotion: line.promotion ? (labels.get(line.promotion) ?? null) : null,
          saving: penceToPounds(line.saving),
        })),
        ...supply.delivery.map((share) => ({
          name: 'Delivery',
          quantity: 1,
          amount: penceToPounds(share.net + share.vat),
          vatRate: share.vatBasisPoints / 100,
          promotion: null,
          saving: 0,
        })),
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
      change: penceToPounds(order.cashChange ?? 0),
      paid: penceToPounds(keptOf(order)),
      refunds: refunds.map(toRefundView),
    };
  }
}
