/** The customer fields of a seller's order (personal data may be gone after an account deletion). */
export interface OrderCustomer {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  address?: string | null;
}

export interface GroupableOrder {
  _id: string;
  userId?: string | null;
  customer?: OrderCustomer | null;
}

export interface CustomerGroup<O extends GroupableOrder> {
  key: string;
  customer: OrderCustomer;
  orders: O[];
}

function customerKey(order: GroupableOrder): string {
  if (order.userId) return `user:${order.userId}`;
  const email = order.customer?.email?.trim().toLowerCase();
  if (email) return `email:${email}`;
  return `order:${order._id}`;
}

/** One group per customer, in the order each customer's newest order appears in the (newest first) list. */
export function groupOrdersByCustomer<O extends GroupableOrder>(orders: readonly O[]): CustomerGroup<O>[] {
  const groups = new Map<string, CustomerGroup<O>>();
  for (const order of orders) {
    const key = customerKey(order);
    let group = groups.get(key);
    if (!group) {
      group = { key, customer: order.customer ?? {}, orders: [] };
      groups.set(key, group);
    }
    group.orders.push(order);
  }
  return [...groups.values()];
}
