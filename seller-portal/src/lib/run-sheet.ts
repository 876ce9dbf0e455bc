import { formatPounds, MESSAGES, orderReference } from '@larder/shared-domain';
import type { SellerOrderView } from '@larder/shared-state';

/** One stop of a delivery run, as the run sheet shows it (the same columns as the CSV download). */
export interface RunSheetRow {
  id: string;
  reference: string;
  customer: string;
  phone: string;
  address: string;
  postcode: string;
  items: string[];
  /** Cash to collect at the door, "£0.00" when paid by card. */
  toCollect: string;
  notes: string[];
}

/** A postcode compared without spaces or case, so "BS1 5DB" and "bs15db" sort together. */
function postcodeKey(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

/** The stops of a slot's run, ordered by postcode; cancelled orders are not delivered. */
export function runSheetRows(orders: readonly SellerOrderView[]): RunSheetRow[] {
  return orders
    .filter((order) => order.status !== 'Cancelled')
    .map((order): RunSheetRow => {
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
      if (order.isPaid) notes.unshift('Paid by card');
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
        toCollect: formatPounds(order.isPaid ? 0 : order.amount),
        notes,
      };
    })
    .sort((a, b) => postcodeKey(a.postcode).localeCompare(postcodeKey(b.postcode)));
}
