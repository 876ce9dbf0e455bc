import { groupOrdersByCustomer } from './group-orders';

describe('groupOrdersByCustomer', () => {
  it('puts each customer once, in the order of their newest order, keeping order order', () => {
    const ann = { name: 'Ann', email: 'ann@example.com', phone: '07700 900001' };
    const bob = { name: 'Bob', email: 'bob@example.com', phone: null };
    const groups = groupOrdersByCustomer([
      { _id: 'o3', userId: 'u2', customer: bob },
      { _id: 'o2', userId: 'u1', customer: ann },
      { _id: 'o1', userId: 'u2', customer: bob },
    ]);
    expect(groups.map((g) => [g.customer.name, g.orders.map((o) => o._id)])).toEqual([
      ['Bob', ['o3', 'o1']],
      ['Ann', ['o2']],
    ]);
  });

  it('falls back to the email, then to the order itself, when the user id is gone', () => {
    const groups = groupOrdersByCustomer([
      { _id: 'a', userId: null, customer: { email: 'X@example.com' } },
      { _id: 'b', userId: null, customer: { email: 'x@example.com' } },
      { _id: 'c', userId: null, customer: null },
    ]);
    expect(groups.map((g) => g.orders.map((o) => o._id))).toEqual([['a', 'b'], ['c']]);
  });
});
