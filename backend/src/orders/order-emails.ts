import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import {
  CANCEL_WINDOW_MS,
  DELIVERY_FAILURE_LABELS,
  type DeliveryFailureReason,
  formatAddress,
  formatDeliveryDate,
  formatOrderTime,
  formatPence,
  includesVatText,
  PROMOTION_TEXTS,
  youSavedText,
  orderChangeDeadline,
  orderReference,
  SHOP_LOCATION,
  SHOP_NAME,
  unitPriceWithVat,
} from '@larder/shared-domain';
import type { DbExecutor } from '../db/database.module';
import { MailService, OutgoingMail } from '../mail/mail.service';
import { OrdersRepository, OrderWithItems } from './orders.repository';
import { storedSupply, vatIncluded } from './order-supply';

/** What an order e-mail is about (email_outbox.kind). */
export type OrderEmailKind =
  | 'order-placed'
  | 'order-changed'
  | 'order-picked'
  | 'order-completed'
  | 'order-cancelled'
  | 'order-not-delivered'
  | 'order-refunded';

type Rendered = Pick<OutgoingMail, 'subject' | 'textBody' | 'htmlBody'>;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]);
}

const FOOTER = `${SHOP_NAME}, ${SHOP_LOCATION}`;

/**
 * One message in text and HTML from the same blocks: paragraphs, and label/amount rows with an optional note
 * under the amounts.
 */
type Block = { paragraph: string } | { rows: [string, string][]; strongLast?: boolean; note?: string };

function render(subject: string, blocks: Block[]): Rendered {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if ('paragraph' in block) {
      text.push(block.paragraph);
      html.push(`<p>${escapeHtml(block.paragraph)}</p>`);
    } else {
      const width = Math.max(...block.rows.map(([label]) => label.length));
      text.push(block.rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n'));
      const rows = block.rows.map(([label, value], i) => {
        const strong = block.strongLast && i === block.rows.length - 1;
        const cell = (v: string, align: string) =>
          `<td style="padding:2px 12px 2px 0;text-align:${align}">${strong ? `<strong>${escapeHtml(v)}</strong>` : escapeHtml(v)}</td>`;
        return `<tr>${cell(label, 'left')}${cell(value, 'right')}</tr>`;
      });
      if (block.note) {
        text[text.length - 1] += `\n${''.padEnd(width)}  ${block.note}`;
        rows.push(
          `<tr><td></td><td style="padding:2px 12px 2px 0;text-align:right;color:#555;font-size:13px">${escapeHtml(block.note)}</td></tr>`,
        );
      }
      html.push(`<table style="border-collapse:collapse">${rows.join('')}</table>`);
    }
  }
  text.push(`--\n${FOOTER}`);
  html.push(`<hr><p style="color:#555;font-size:13px">${escapeHtml(FOOTER)}</p>`);
  return {
    subject,
    textBody: `${text.join('\n\n')}\n`,
    htmlBody:
      '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
      `<title>${escapeHtml(subject)}</title></head>` +
      `<body style="font-family:Arial,sans-serif;color:#222">${html.join('\n')}</body></html>`,
  };
}

/** The items at their own prices and what the promotions took off, when they took something off. */
function savingRows(order: OrderWithItems): [string, string][] {
  if (order.savings <= 0) return [];
  return [
    ['Items before savings', formatPence(order.goods + order.totalVat + order.savings)],
    [PROMOTION_TEXTS.totalSavings, `-${formatPence(order.savings)}`],
  ];
}

/** A delivered order's saving: "You saved £1.80", and what each deal took off. */
function savedBlocks(order: OrderWithItems): Block[] {
  if (order.savings <= 0) return [];
  const deals = order.deals.filter((deal) => deal.saving > 0);
  return [
    { paragraph: `${youSavedText(order.savings)} on this order.` },
    ...(deals.length
      ? [{ rows: deals.map((deal): [string, string] => [deal.label, `-${formatPence(deal.saving)}`]) }]
      : []),
  ];
}

/** The label of a deal the order was priced with ("3 for £5"). */
function dealLabel(order: OrderWithItems, promotionId: string): string {
  return order.deals.find((deal) => deal.promotion === promotionId)?.label ?? PROMOTION_TEXTS.onOffer;
}

function greeting(order: OrderWithItems): Block {
  return { paragraph: order.customerName ? `Hello ${order.customerName},` : 'Hello,' };
}

/** A line's row: its units and name, and its deal when it is in one. */
function itemRow(order: OrderWithItems, quantity: number, name: string, promotionId: string | null): string {
  return promotionId ? `${quantity} x ${name} (${dealLabel(order, promotionId)})` : `${quantity} x ${name}`;
}

/** The lines as ordered. A line in a deal costs its share of the deal, and says which deal. */
function itemRows(order: OrderWithItems): Block {
  return {
    rows: order.items.map((item) => [
      itemRow(order, item.quantity, item.name, item.promotionId),
      formatPence(item.charged ?? unitPriceWithVat(item.price, item.vatBasisPoints) * item.quantity),
    ]),
  };
}

/** The lines as delivered, as the receipt has them: units found, substitutes, refused and missing units gone. */
function suppliedRows(order: OrderWithItems): Block {
  return {
    rows: storedSupply(order).lines.map((line) => [
      itemRow(order, line.quantity, line.name, line.promotion),
      formatPence(line.charged),
    ]),
  };
}

/** The goods with their VAT, the delivery and the amount, and the VAT it includes (prices are shown with VAT). */
function totalRows(order: OrderWithItems, amountLabel = 'Total'): Block {
  return {
    rows: [
      ...savingRows(order),
      ['Items', formatPence(order.goods + order.totalVat)],
      ['Delivery', order.shippingCharge === 0 ? 'Free' : formatPence(order.shippingCharge)],
      [amountLabel, formatPence(order.amount)],
    ],
    strongLast: true,
    note: includesVatText(vatIncluded(order)),
  };
}

function deliveryParagraphs(order: OrderWithItems): Block[] {
  const blocks: Block[] = [
    { paragraph: `Delivery: ${formatDeliveryDate(order.deliveryDate)}, ${order.deliveryTime}` },
  ];
  if (order.address) blocks.push({ paragraph: `Address: ${formatAddress(order.address)}` });
  if (order.items.some((item) => item.ageRestricted)) {
    blocks.push({
      paragraph: `Your order includes items for adults only (18+): ID may be requested on delivery (Challenge 25).`,
    });
  }
  return blocks;
}

/** The confirmation sent when an order is placed. */
export function renderOrderPlaced(order: OrderWithItems, notes: readonly string[] = []): Rendered {
  const ref = orderReference(order.id);
  const cancelUntil = formatOrderTime(new Date(order.createdAt.getTime() + CANCEL_WINDOW_MS));
  const payment = order.paymentType === 'COD' ? 'cash on delivery' : 'card';
  return render(`Your ${SHOP_NAME} order #${ref} is confirmed`, [
    greeting(order),
    {
      paragraph: `Thank you for your order #${ref}, placed ${formatOrderTime(order.createdAt)} (London time).`,
    },
    ...notes.map((paragraph) => ({ paragraph })),
    itemRows(order),
    totalRows(order),
    { paragraph: `Payment: ${payment}` },
    ...deliveryParagraphs(order),
    {
      paragraph: `You can cancel this order from My orders until ${cancelUntil} (London time).`,
    },
  ]);
}

/** The message sent when the customer changed their order: its new lines and totals. */
export function renderOrderChanged(order: OrderWithItems): Rendered {
  const ref = orderReference(order.id);
  return render(`Your order has been updated: ${SHOP_NAME} #${ref}`, [
    greeting(order),
    { paragraph: `Your order has been updated. Order #${ref} now holds:` },
    itemRows(order),
    totalRows(order),
    ...deliveryParagraphs(order),
    {
      paragraph: `You can change it from My orders until ${formatOrderTime(orderChangeDeadline(order.deliveryDate))} (London time).`,
    },
  ]);
}

/**
 * The final receipt, sent when the order has been picked: what was found, what was sent instead (both names and
 * prices), what is missing, and what is to be paid on delivery.
 */
export function renderOrderPicked(order: OrderWithItems): Rendered {
  const ref = orderReference(order.id);
  const picked: [string, string][] = [];
  const substituted: Block[] = [];
  const missing: [string, string][] = [];
  for (const item of order.items) {
    const found = item.picked ?? item.quantity;
    const unit = unitPriceWithVat(item.price, item.vatBasisPoints);
    if (found > 0) picked.push([`${found} x ${item.name}`, formatPence(unit * found)]);
    const short = item.quantity - found;
    const subQuantity = item.substituteQuantity ?? 0;
    if (item.substituteName && subQuantity > 0) {
      const subUnit = unitPriceWithVat(item.substitutePrice ?? 0, item.substituteVatBasisPoints ?? 0);
      substituted.push({
        paragraph:
          `${subQuantity} x ${item.substituteName} at ${formatPence(subUnit)} each, ` +
          `instead of ${item.name} at ${formatPence(unit)} each: ${formatPence(subUnit * subQuantity)}`,
      });
    }
    const unreplaced = short - Math.min(short, subQuantity);
    if (unreplaced > 0) missing.push([`${unreplaced} x ${item.name}`, 'not charged']);
  }
  const amountLabel = order.isPaid ? 'Paid by card' : 'To pay on delivery';
  const blocks: Block[] = [
    greeting(order),
    { paragraph: `Your order #${ref} has been picked. This is your final receipt.` },
  ];
  if (picked.length) blocks.push({ paragraph: 'Picked:' }, { rows: picked });
  if (substituted.length) blocks.push({ paragraph: 'Substituted:' }, ...substituted);
  if (missing.length) blocks.push({ paragraph: 'Missing:' }, { rows: missing });
  blocks.push(totalRows(order, amountLabel), ...deliveryParagraphs(order));
  return render(`Your ${SHOP_NAME} order #${ref} has been picked: your final receipt`, blocks);
}

/** The storefront page of an order's receipt (My orders). */
export function receiptPath(orderId: string): string {
  return `/my-orders/${orderId}/receipt`;
}

/** The message sent when the order is completed or cancelled; a delivered order's links to its receipt. */
export function renderOrderStatus(
  order: OrderWithItems,
  status: 'Completed' | 'Cancelled',
  receiptUrl?: string,
): Rendered {
  const ref = orderReference(order.id);
  const [subject, news] =
    status === 'Completed'
      ? [
          `Your ${SHOP_NAME} order #${ref} is complete`,
          `Your order #${ref} is complete. Thank you for shopping with ${SHOP_NAME}.`,
        ]
      : [
          `Your ${SHOP_NAME} order #${ref} has been cancelled`,
          `Your order #${ref}, placed ${formatOrderTime(order.createdAt)} (London time), has been cancelled and will not be delivered.`,
        ];
  return render(subject, [
    greeting(order),
    { paragraph: news },
    status === 'Completed' ? suppliedRows(order) : itemRows(order),
    totalRows(order),
    ...(status === 'Completed' ? savedBlocks(order) : []),
    ...deliveryParagraphs(order),
    ...(status === 'Completed' && receiptUrl ? [{ paragraph: `Your receipt: ${receiptUrl}` }] : []),
  ]);
}

/** The message sent with a refund: how much, how, and its credit note. */
export function renderOrderRefunded(
  order: OrderWithItems,
  refund: { amount: number; method: string; creditNote: string },
): Rendered {
  const ref = orderReference(order.id);
  const how =
    refund.method === 'cash' ? 'in cash' : refund.method === 'card' ? 'to your card' : 'by bank transfer';
  return render(`Your ${SHOP_NAME} refund for order #${ref}`, [
    greeting(order),
    { paragraph: `We have refunded ${formatPence(refund.amount)} ${how} for your order #${ref}.` },
    { paragraph: `Credit note: ${refund.creditNote}` },
  ]);
}

/** The message sent when the driver could not hand the order over: why, and that nothing was taken. */
export function renderOrderNotDelivered(order: OrderWithItems): Rendered {
  const ref = orderReference(order.id);
  const reason = order.failedReason as DeliveryFailureReason | null;
  const why = reason && reason in DELIVERY_FAILURE_LABELS ? DELIVERY_FAILURE_LABELS[reason] : undefined;
  const payment =
    order.paymentType === 'COD'
      ? 'You have not been charged: you pay on delivery.'
      : 'Your card payment is kept for the delivery.';
  return render(`We could not deliver your ${SHOP_NAME} order #${ref}`, [
    greeting(order),
    {
      paragraph:
        `We called with your order #${ref} (${formatDeliveryDate(order.deliveryDate)}, ${order.deliveryTime}) ` +
        'but could not deliver it.',
    },
    ...(why ? [{ paragraph: `Reason: ${why}.` }] : []),
    { paragraph: `We will contact you to arrange another delivery. ${payment}` },
    { paragraph: 'You can see your order in My orders.' },
  ]);
}

/**
 * Queues the customer's e-mails about an order, inside the transaction that changes the order (see
 * MailService): nothing when e-mail is off or the order has no e-mail address any more.
 */
@Injectable()
export class OrderEmails {
  constructor(
    private readonly mail: MailService,
    private readonly repository: OrdersRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async refunded(
    orderId: string,
    refund: { amount: number; method: string; creditNote: string },
    tx: DbExecutor,
  ): Promise<void> {
    await this.queue(orderId, 'order-refunded', tx, (order) => renderOrderRefunded(order, refund));
  }

  /** `notes`: paragraphs after the thanks (a regular delivery's order says so, and what it left out). */
  async orderPlaced(orderId: string, tx: DbExecutor, notes: readonly string[] = []): Promise<void> {
    await this.queue(orderId, 'order-placed', tx, (order) => renderOrderPlaced(order, notes));
  }

  async orderChanged(orderId: string, tx: DbExecutor): Promise<void> {
    await this.queue(orderId, 'order-changed', tx, renderOrderChanged);
  }

  async orderPicked(orderId: string, tx: DbExecutor): Promise<void> {
    await this.queue(orderId, 'order-picked', tx, renderOrderPicked);
  }

  async notDelivered(orderId: string, tx: DbExecutor): Promise<void> {
    await this.queue(orderId, 'order-not-delivered', tx, renderOrderNotDelivered);
  }

  /** Completed or Cancelled; other statuses send nothing. */
  async statusChanged(orderId: string, status: string, tx: DbExecutor): Promise<void> {
    if (status === 'Completed') {
      const receiptUrl = `${this.config.publicUrl.replace(/\/$/, '')}${receiptPath(orderId)}`;
      await this.queue(orderId, 'order-completed', tx, (o) => renderOrderStatus(o, 'Completed', receiptUrl));
    } else if (status === 'Cancelled') {
      await this.queue(orderId, 'order-cancelled', tx, (o) => renderOrderStatus(o, 'Cancelled'));
    }
  }

  private async queue(
    orderId: string,
    kind: OrderEmailKind,
    tx: DbExecutor,
    renderer: (order: OrderWithItems) => Rendered,
  ): Promise<void> {
    if (!this.mail.enabled) return;
    const order = await this.repository.findWithItems(orderId, tx);
    if (!order?.customerEmail) return;
    // A card order is only confirmed once paid: before that the customer has heard nothing of it, so an unpaid
    // one that is cancelled (by them, the seller or an expired payment) is not written about either.
    if (order.paymentType !== 'COD' && !order.isPaid) return;
    await this.mail.enqueue({ kind, orderId, recipient: order.customerEmail, ...renderer(order) }, tx);
  }
}
