import { Injectable } from '@nestjs/common';
import { DELIVERY_SLOTS, MESSAGES, orderReference, parseIsoDate } from '@larder/shared-domain';
import { InvalidError } from '../common/errors';
import type { PickingResponse } from './dto/order.response';
import { DELETED_CUSTOMER_NAME, toSellerOrderView } from './order-views';
import { OrdersRepository, OrderWithItems } from './orders.repository';

/** The seller's day: the pick list and orders per slot of a delivery date, and each slot's run sheet. */
@Injectable()
export class PickingService {
  constructor(private readonly repository: OrdersRepository) {}

  async pickingDay(date: string): Promise<Omit<PickingResponse, 'success'>> {
    checkDate(date);
    const [products, orders] = await Promise.all([
      this.repository.pickList(date),
      this.repository.forDelivery(date),
    ]);
    return {
      date,
      products,
      slots: DELIVERY_SLOTS.map((time) => ({
        time,
        orders: orders.filter((order) => order.deliveryTime === time).map(toSellerOrderView),
      })),
    };
  }

  /** A slot's run sheet as CSV, ordered by postcode: what the driver needs at each door. */
  async runSheet(date: string, time: string): Promise<string> {
    checkDate(date);
    const orders = await this.repository.forDelivery(date, time, { byPostcode: true });
    const rows = [RUN_SHEET_COLUMNS, ...orders.map(runSheetRow)];
    return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
  }
}

function checkDate(date: string): void {
  if (!parseIsoDate(date)) throw new InvalidError(MESSAGES.pickingDateInvalid);
}

export const RUN_SHEET_COLUMNS = [
  'reference',
  'customer',
  'phone',
  'address',
  'postcode',
  'items',
  'amount to collect',
  'notes',
];

function runSheetRow(order: OrderWithItems): string[] {
  const address = order.address;
  const items: string[] = [];
  const notes: string[] = [];
  for (const item of order.items) {
    if (item.refused) continue;
    const found = item.picked ?? item.quantity;
    if (found > 0) items.push(`${found} x ${item.name}`);
    if (item.substituteName && item.substituteQuantity) {
      items.push(`${item.substituteQuantity} x ${item.substituteName}`);
      notes.push(`${item.substituteName} instead of ${item.name}`);
    }
    const missing = item.quantity - found - (item.substituteQuantity ?? 0);
    if (item.picked !== null && missing > 0) notes.push(`${missing} x ${item.name} missing`);
  }
  if (order.isPaid) notes.unshift('Paid by card');
  if (order.items.some((item) => item.ageRestricted)) notes.unshift(MESSAGES.ageCheckAtDoor);
  return [
    `#${orderReference(order.id)}`,
    order.customerName ?? DELETED_CUSTOMER_NAME,
    order.customerPhone ?? '',
    address ? [address.street, address.city, address.state].filter(Boolean).join(', ') : '',
    address?.postalCode ?? '',
    items.join('; '),
    // Cash on delivery is collected; a card order was paid when placed.
    (order.isPaid ? 0 : order.amount / 100).toFixed(2),
    notes.join('; '),
  ];
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. A cell that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an
 * apostrophe so it stays text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
