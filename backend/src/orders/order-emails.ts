import { Injectable } from '@nestjs/common';
import {
  CANCEL_WINDOW_MS,
  formatAddress,
  formatDeliveryDate,
  formatOrderTime,
  formatPence,
  orderReference,
  SHOP_LOCATION,
  SHOP_NAME,
} from '@larder/shared-domain';
import type { DbExecutor } from '../db/database.module';
import { MailService, OutgoingMail } from '../mail/mail.service';
import { OrdersRepository, OrderWithItems } from './orders.repository';

/** What an order e-mail is about (email_outbox.kind). */
export type OrderEmailKind = 'order-placed' | 'order-completed' | 'order-cancelled';

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

/** One message in text and HTML from the same blocks: paragraphs, and label/amount rows. */
type Block = { paragraph: string } | { rows: [string, string][]; strongLast?: boolean };

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

function greeting(order: OrderWithItems): Block {
  return { paragraph: order.customerName ? `Hello ${order.customerName},` : 'Hello,' };
}

function itemRows(order: OrderWithItems): Block {
  return {
    rows: order.items.map((item) => [
      `${item.quantity} x ${item.name}`,
      formatPence(item.price * item.quantity),
    ]),
  };
}

function totalRows(order: OrderWithItems): Block {
  return {
    rows: [
      ['Goods', formatPence(order.goods)],
      ['VAT', formatPence(order.totalVat)],
      ['Delivery', order.shippingCharge === 0 ? 'Free' : formatPence(order.shippingCharge)],
      ['Total', formatPence(order.amount)],
    ],
    strongLast: true,
  };
}

function deliveryParagraphs(order: OrderWithItems): Block[] {
  const blocks: Block[] = [
    { paragraph: `Delivery: ${formatDeliveryDate(order.deliveryDate)}, ${order.deliveryTime}` },
  ];
  if (order.address) blocks.push({ paragraph: `Address: ${formatAddress(order.address)}` });
  return blocks;
}

/** The confirmation sent when an order is placed. */
export function renderOrderPlaced(order: OrderWithItems): Rendered {
  const ref = orderReference(order.id);
  const cancelUntil = formatOrderTime(new Date(order.createdAt.getTime() + CANCEL_WINDOW_MS));
  const payment = order.paymentType === 'COD' ? 'cash on delivery' : 'card';
  return render(`Your ${SHOP_NAME} order #${ref} is confirmed`, [
    greeting(order),
    {
      paragraph: `Thank you for your order #${ref}, placed ${formatOrderTime(order.createdAt)} (London time).`,
    },
    itemRows(order),
    totalRows(order),
    { paragraph: `Payment: ${payment}` },
    ...deliveryParagraphs(order),
    {
      paragraph: `You can cancel this order from My orders until ${cancelUntil} (London time).`,
    },
  ]);
}

/** The message sent when the order is completed or cancelled. */
export function renderOrderStatus(order: OrderWithItems, status: 'Completed' | 'Cancelled'): Rendered {
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
    itemRows(order),
    totalRows(order),
    ...deliveryParagraphs(order),
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
  ) {}

  async orderPlaced(orderId: string, tx: DbExecutor): Promise<void> {
    await this.queue(orderId, 'order-placed', tx, renderOrderPlaced);
  }

  /** Completed or Cancelled; other statuses send nothing. */
  async statusChanged(orderId: string, status: string, tx: DbExecutor): Promise<void> {
    if (status === 'Completed') {
      await this.queue(orderId, 'order-completed', tx, (o) => renderOrderStatus(o, 'Completed'));
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
