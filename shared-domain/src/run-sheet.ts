/**
 * A delivery slot's run sheet: one stop per order, by postcode, saying what to hand over, what cash to collect
 * and what to tell or check at the door. The seller portal prints it; the API answers it as CSV.
 */
import { MESSAGES } from './messages';
import { orderReference } from './orders';
import { cashToCollect } from './order-lifecycle';

/** What the run sheet reads of an order: the fields of the seller's order view it needs. */
export interface RunSheetOrder {
  _id: string;
  status: string;
  paymentType: string;
  isPaid: boolean;
  /** The total in pounds, as the API shows it. */
  amount: number;
  ageCheckRequired: boolean;
  customer: { name: string; phone: string | null };
  address: { street: string; city: string; state: string; postalCode: string } | null;
  items: readonly {
    name: string;
    quantity: number;
    /** Units found; null before picking (all of them, then). */
    picked: number | null;
    refused: boolean;
    substitute: { name: string; quantity: number } | null;
  }[];
}

/** One stop of a delivery run. */
export interface RunSheetStop {
  id: string;
  reference: string;
  customer: string;
  phone: string;
  address: string;
  postcode: string;
  /** What to hand over, a line each ("2 x Oat drink"). */
  items: string[];
  /** Cash to collect at the door, in pence: 0 for a card order, paid or not. */
  toCollect: number;
  notes: string[];
}

/** The run sheet's columns: the heading the seller portal prints and the CSV header. */
export const RUN_SHEET_COLUMNS = [
  { heading: 'Reference', csv: 'reference' },
  { heading: 'Customer', csv: 'customer' },
  { heading: 'Phone', csv: 'phone' },
  { heading: 'Address', csv: 'address' },
  { heading: 'Postcode', csv: 'postcode' },
  { heading: 'Items', csv: 'items' },
  { heading: 'To collect', csv: 'amount to collect' },
  { heading: 'Notes', csv: 'notes' },
] as const;

function runSheetStop(order: RunSheetOrder): RunSheetStop {
  const items: string[] = [];
  const notes: string[] = [];
  for (const item of order.items) {
    if (item.refused) continue;
    const found = item.picked ?? item.quantity;
    if (found > 0) items.push(`${found} x ${item.name}`);
    if (item.substitute) {
      items.push(`${item.substitute.quantity} x ${item.substitute.name}`);
      notes.push(`${item.substitute.name} instead of ${item.name}`);
    }
    const missing = item.quantity - found - (item.substitute?.quantity ?? 0);
    if (item.picked !== null && missing > 0) notes.push(`${missing} x ${item.name} missing`);
  }
  if (order.paymentType === 'Online')
    notes.unshift(order.isPaid ? 'Paid by card' : 'Card payment not received: do not hand over');
  if (order.ageCheckRequired) notes.unshift(MESSAGES.ageCheckAtDoor);
  const address = order.address;
  return {
    id: order._id,
    reference: `#${orderReference(order._id)}`,
    customer: order.customer.name,
    phone: order.customer.phone ?? '',
    address: address ? [address.street, address.city, address.state].filter(Boolean).join(', ') : '',
    postcode: address?.postalCode ?? '',
    items,
    toCollect: cashToCollect({ ...order, amount: Math.round(order.amount * 100) }),
    notes,
  };
}

/** A postcode compared without spaces or case, so "BS1 5DB" and "bs15db" sort together; none sorts last. */
function postcodeKey(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase() || '\uffff';
}

/**
 * The stops of a slot's orders, by postcode (orders with the same postcode keep their order); cancelled
 * orders are not delivered.
 */
export function runSheetStops(orders: readonly RunSheetOrder[]): RunSheetStop[] {
  return orders
    .filter((order) => order.status !== 'Cancelled')
    .map(runSheetStop)
    .sort((a, b) => {
      const [x, y] = [postcodeKey(a.postcode), postcodeKey(b.postcode)];
      return x < y ? -1 : x > y ? 1 : 0;
    });
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled, and when it holds a
 * semicolon (a spreadsheet set to a locale that separates with ; would split it there). A cell that a
 * spreadsheet would run as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an
 * apostrophe so it stays text.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The run sheet as CSV: the header, then a row a stop; lines end with CRLF; amounts in pounds ("12.50"). */
export function runSheetCsv(stops: readonly RunSheetStop[]): string {
  const rows = [
    RUN_SHEET_COLUMNS.map((column) => column.csv),
    ...stops.map((stop) => [
      stop.reference,
      stop.customer,
      stop.phone,
      stop.address,
      stop.postcode,
      stop.items.join('; '),
      (stop.toCollect / 100).toFixed(2),
      stop.notes.join('; '),
    ]),
  ];
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
