import {
  ageCheckRequired,
  ageConfirmationMissing,
  canCancelOrder,
  canChangeOrder,
  cancelTimeLeftMs,
  cashToCollect,
  customerActions,
  customerCancelRefusal,
  fulfilmentStepRefusal,
  nextFulfilmentStage,
  orderStateText,
  refundDueAfterRepricing,
  statusChangeEffects,
  statusChangeRefusal,
  type OrderLife,
} from './order-lifecycle';
import { FULFILMENT_STAGES, type FulfilmentStage } from './orders';
import { MESSAGES } from './messages';

const createdAt = new Date('2026-11-23T10:00:00Z'); // Monday 10:00 GMT, delivery Tuesday 24 November
const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60000);
const order = (changes: Partial<OrderLife> = {}): OrderLife => ({
  status: 'Pending',
  fulfilment: 'placed',
  paymentType: 'COD',
  isPaid: false,
  createdAt,
  deliveryDate: '2026-11-24',
  ...changes,
});

describe('the customer cancels', () => {
  it('a Pending order still at placed, until minute 59 and not at 60 or 61', () => {
    expect(canCancelOrder(order(), at(59))).toBe(true);
    expect(customerCancelRefusal(order(), at(60))).toBe('cancelWindowClosed');
    expect(customerCancelRefusal(order(), at(61))).toBe('cancelWindowClosed');
  });

  it('never once picking has started, within the hour or not', () => {
    for (const fulfilment of ['picking', 'picked', 'out_for_delivery'] as const)
      expect(customerCancelRefusal(order({ fulfilment }), at(5))).toBe('orderBeingPicked');
    expect(MESSAGES.orderBeingPicked).toBe(
      'This order is already being picked and can no longer be cancelled.',
    );
  });

  it('never an order that is not Pending', () => {
    expect(customerCancelRefusal(order({ status: 'Completed', fulfilment: 'delivered' }), at(1))).toBe(
      'onlyPendingCancellable',
    );
    expect(customerCancelRefusal(order({ status: 'Cancelled' }), at(1))).toBe('onlyPendingCancellable');
  });

  it('reports the time left in the window', () => {
    expect(cancelTimeLeftMs(createdAt, at(45))).toBe(15 * 60000);
    expect(cancelTimeLeftMs(createdAt, at(75))).toBe(0);
  });
});

describe('the customer changes', () => {
  it('a cash order at placed until 15:00 London the day before delivery, not at it', () => {
    expect(canChangeOrder(order(), new Date('2026-11-23T14:59:59.999Z'))).toBe(true);
    expect(canChangeOrder(order(), new Date('2026-11-23T15:00:00Z'))).toBe(false);
  });

  it('follows British Summer Time: 15:00 BST is 14:00 UTC', () => {
    const summer = order({ createdAt: new Date('2026-07-09T08:00:00Z'), deliveryDate: '2026-07-10' });
    expect(canChangeOrder(summer, new Date('2026-07-09T13:59:00Z'))).toBe(true);
    expect(canChangeOrder(summer, new Date('2026-07-09T14:00:00Z'))).toBe(false);
  });

  it('never once picking started, a card order, or an order no longer Pending', () => {
    const early = new Date('2026-11-23T10:30:00Z');
    expect(canChangeOrder(order({ fulfilment: 'picking' }), early)).toBe(false);
    expect(canChangeOrder(order({ paymentType: 'Online', isPaid: true }), early)).toBe(false);
    expect(canChangeOrder(order({ status: 'Cancelled' }), early)).toBe(false);
    expect(canChangeOrder(order({ status: 'Completed', fulfilment: 'delivered' }), early)).toBe(false);
  });
});

describe('the seller sets a status', () => {
  const cod = (status: 'Pending' | 'Completed' | 'Cancelled', isPaid = false) =>
    ({ status, paymentType: 'COD', isPaid }) as const;
  const card = (status: 'Pending' | 'Completed' | 'Cancelled', isPaid: boolean) =>
    ({ status, paymentType: 'Online', isPaid }) as const;

  it('lets a Pending order become Completed or Cancelled', () => {
    expect(statusChangeRefusal(cod('Pending'), 'Completed')).toBeUndefined();
    expect(statusChangeRefusal(cod('Pending'), 'Cancelled')).toBeUndefined();
    expect(statusChangeRefusal(card('Pending', true), 'Completed')).toBeUndefined();
    expect(statusChangeRefusal(card('Pending', false), 'Cancelled')).toBeUndefined();
  });

  it('allows setting the status an order already has', () => {
    for (const status of ['Pending', 'Completed', 'Cancelled'] as const) {
      expect(statusChangeRefusal(cod(status), status)).toBeUndefined();
    }
  });

  it('never changes a Cancelled or Completed order, and completes a card order only once paid', () => {
    expect(statusChangeRefusal(cod('Cancelled'), 'Completed')).toBe('cancelledOrderLocked');
    expect(statusChangeRefusal(cod('Completed', true), 'Cancelled')).toBe('completedOrderLocked');
    expect(statusChangeRefusal(card('Pending', false), 'Completed')).toBe('unpaidCardOrderNotCompletable');
  });

  it.each([
    [
      'completing delivers the order and marks it paid',
      { isPaid: false },
      'Completed',
      { isPaid: true, fulfilment: 'delivered' },
    ],
    [
      'cancelling a paid order owes its amount back',
      { isPaid: true, amount: 1299 },
      'Cancelled',
      { refundDue: 1299 },
    ],
    ['cancelling an unpaid order owes nothing', { isPaid: false }, 'Cancelled', {}],
    ['staying Pending changes nothing', { isPaid: true }, 'Pending', {}],
  ] as const)('%s', (_case, subject, to, effects) => {
    expect(statusChangeEffects(subject, to)).toEqual(effects);
  });
});

describe('fulfilment', () => {
  it('walks the stages one step at a time and stops at delivered', () => {
    const walked: string[] = ['placed'];
    let stage: FulfilmentStage | undefined = 'placed';
    while ((stage = nextFulfilmentStage(stage))) walked.push(stage);
    expect(walked).toEqual([...FULFILMENT_STAGES]);
  });

  it('refuses skipping, going back, and cancelled or completed orders', () => {
    expect(fulfilmentStepRefusal(order(), 'picking')).toBeUndefined();
    expect(fulfilmentStepRefusal(order(), 'picked')).toMatch(/one at a time/);
    expect(fulfilmentStepRefusal(order({ fulfilment: 'picked' }), 'picking')).toMatch(/one at a time/);
    expect(fulfilmentStepRefusal(order({ status: 'Cancelled' }), 'picking')).toBe(
      MESSAGES.cancelledOrderNotFulfilled,
    );
    expect(fulfilmentStepRefusal(order({ status: 'Completed', fulfilment: 'delivered' }), 'picking')).toBe(
      MESSAGES.completedOrderLocked,
    );
  });

  it('keeps an unpaid card order at placed', () => {
    expect(fulfilmentStepRefusal(order({ paymentType: 'Online' }), 'picking')).toBe(
      MESSAGES.unpaidCardOrderNotFulfilled,
    );
    expect(fulfilmentStepRefusal(order({ paymentType: 'Online', isPaid: true }), 'picking')).toBeUndefined();
  });
});

describe('18+ products', () => {
  const wine = { ageRestricted: true };
  const bread = { ageRestricted: false };

  it('enter an order only with the confirmation given on it, before or now', () => {
    expect(ageConfirmationMissing([bread, wine], false)).toBe(true);
    expect(ageConfirmationMissing([bread, wine], false, true)).toBe(false);
    expect(ageConfirmationMissing([bread, wine], true)).toBe(false);
    expect(ageConfirmationMissing([bread], false)).toBe(false);
  });

  it('need an ID check exactly when one goes to the door, ordered or substituted', () => {
    const line = { ageRestricted: false, quantity: 2, picked: null, refused: false, substitute: null };
    expect(ageCheckRequired([line])).toBe(false);
    expect(ageCheckRequired([{ ...line, ageRestricted: true }])).toBe(true);
    expect(ageCheckRequired([{ ...line, ageRestricted: true, picked: 0 }])).toBe(false);
    expect(ageCheckRequired([{ ...line, ageRestricted: true, refused: true }])).toBe(false);
    expect(ageCheckRequired([{ ...line, picked: 0, substitute: { ageRestricted: true } }])).toBe(true);
  });
});

describe('money', () => {
  it('a paid order owes back what its total fell by; an unpaid one nothing', () => {
    expect(refundDueAfterRepricing({ isPaid: true, refundDue: 0 }, 1500, 1200)).toBe(300);
    expect(refundDueAfterRepricing({ isPaid: true, refundDue: 300 }, 1200, 1000)).toBe(500);
    expect(refundDueAfterRepricing({ isPaid: false, refundDue: 0 }, 1500, 1200)).toBe(0);
  });

  it('cash is collected only for an unpaid cash-on-delivery order, never for a card order', () => {
    expect(cashToCollect({ paymentType: 'COD', isPaid: false, amount: 1299 })).toBe(1299);
    expect(cashToCollect({ paymentType: 'Online', isPaid: false, amount: 1299 })).toBe(0);
    expect(cashToCollect({ paymentType: 'Online', isPaid: true, amount: 1299 })).toBe(0);
  });
});

describe('what My orders says', () => {
  it('offers change and cancel with their times while both are open', () => {
    expect(customerActions(order(), at(10))).toEqual({
      cancelUntil: at(60),
      changeUntil: new Date('2026-11-23T15:00:00Z'),
    });
    expect(orderStateText(order(), at(10))).toEqual({
      stage: 'Order placed',
      sentence: 'You can change this order until 15:00 and cancel it until 11:00.',
    });
  });

  it('then only the change, then neither', () => {
    expect(orderStateText(order(), at(90)).sentence).toBe(
      'You can change this order until 15:00; it can no longer be cancelled.',
    );
    expect(orderStateText(order({ fulfilment: 'picking' }), at(10))).toEqual({
      stage: 'Being picked',
      sentence: 'We are picking your order: it can no longer be changed or cancelled.',
    });
  });

  it('names a refund owed on a cancelled paid order', () => {
    const cancelled = order({ status: 'Cancelled', paymentType: 'Online', isPaid: true });
    expect(orderStateText({ ...cancelled, refundDue: 1299 }, at(10)).sentence).toBe(
      'This order was cancelled. £12.99 will be refunded to you.',
    );
  });

  it('waits for a card payment before anything else', () => {
    expect(orderStateText(order({ paymentType: 'Online' }), at(1)).stage).toBe('Awaiting payment');
  });
});
