import {
  canCancelOrder,
  canChangeOrder,
  FULFILMENT_STAGES,
  FulfilmentStage,
  nextFulfilmentStage,
  fulfilmentStageLabel,
  substituteUnitPrice,
  cancelTimeLeftMs,
  exceedsPerOrderLimit,
  formatOrderTime,
  isValidPerOrderLimit,
  OPEN_ORDER_STATUSES,
  isOrderStatus,
  isValidQuantity,
  orderReference,
  statusChangeEffects,
  statusChangeRefusal,
} from './orders';
import { perOrderLimitLabel, perOrderLimitMessage, tooManyOpenOrdersMessage } from './messages';

const createdAt = new Date('2026-11-23T10:00:00Z');
const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60000);

describe('cancel window', () => {
  it('allows cancelling a Pending order at minute 59', () => {
    expect(canCancelOrder({ status: 'Pending', createdAt }, at(59))).toBe(true);
  });

  it('refuses at minute 60 and 61', () => {
    expect(canCancelOrder({ status: 'Pending', createdAt }, at(60))).toBe(false);
    expect(canCancelOrder({ status: 'Pending', createdAt }, at(61))).toBe(false);
  });

  it('refuses orders that are not Pending', () => {
    expect(canCancelOrder({ status: 'Completed', createdAt }, at(1))).toBe(false);
    expect(canCancelOrder({ status: 'Cancelled', createdAt: createdAt.toISOString() }, at(1))).toBe(false);
  });

  it('reports the time left', () => {
    expect(cancelTimeLeftMs(createdAt, at(45))).toBe(15 * 60000);
    expect(cancelTimeLeftMs(createdAt, at(75))).toBe(0);
  });
});

describe('statuses and quantities', () => {
  it('knows the three statuses', () => {
    expect(['Pending', 'Completed', 'Cancelled'].every(isOrderStatus)).toBe(true);
    expect(isOrderStatus('Shipped')).toBe(false);
  });

  it('accepts whole quantities from 1 to 99', () => {
    expect([1, 50, 99].every(isValidQuantity)).toBe(true);
    expect([0, -1, 1.5, 100, Number.NaN, '2'].some(isValidQuantity)).toBe(false);
  });

  it('counts only Pending orders as open (waiting for delivery)', () => {
    expect(OPEN_ORDER_STATUSES).toEqual(['Pending']);
  });
});

describe('per-order limits', () => {
  it('accepts a limit from 1 to 99', () => {
    expect([1, 6, 99].every(isValidPerOrderLimit)).toBe(true);
    expect([0, -1, 2.5, 100, '6', null].some(isValidPerOrderLimit)).toBe(false);
  });

  it('refuses only a quantity above a set limit', () => {
    expect(exceedsPerOrderLimit(7, 6)).toBe(true);
    expect(exceedsPerOrderLimit(6, 6)).toBe(false);
    expect(exceedsPerOrderLimit(99, null)).toBe(false);
    expect(exceedsPerOrderLimit(99, undefined)).toBe(false);
  });

  it('names the product and the limit', () => {
    expect(perOrderLimitMessage('Free Range Eggs x12', 6)).toBe(
      'You can buy at most 6 of Free Range Eggs x12 in one order.',
    );
    expect(perOrderLimitLabel(6)).toBe('Limit 6 per order');
  });

  it('says how many open orders the customer already has', () => {
    expect(tooManyOpenOrdersMessage(3)).toBe(
      'You already have 3 orders waiting for delivery. You can place another once one has been delivered or cancelled.',
    );
    expect(tooManyOpenOrdersMessage(1)).toMatch(/^You already have 1 order waiting for delivery\./);
  });
});

describe('order display', () => {
  it('gives the same short reference wherever the order is shown', () => {
    expect(orderReference('a9e26dd3-1c2b-4f00-9d3e-26eaef000001')).toBe('A9E26DD3');
  });

  it('shows when an order was placed in London time', () => {
    expect(formatOrderTime('2026-07-10T13:05:00Z')).toBe('10 Jul 2026, 14:05');
    expect(formatOrderTime('2026-11-23T13:05:00Z')).toBe('23 Nov 2026, 13:05');
  });
});

describe('seller status changes', () => {
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

  it('never changes a Cancelled or Completed order', () => {
    expect(statusChangeRefusal(cod('Cancelled'), 'Pending')).toBe('cancelledOrderLocked');
    expect(statusChangeRefusal(cod('Cancelled'), 'Completed')).toBe('cancelledOrderLocked');
    expect(statusChangeRefusal(card('Cancelled', true), 'Completed')).toBe('cancelledOrderLocked');
    expect(statusChangeRefusal(cod('Completed', true), 'Pending')).toBe('completedOrderLocked');
    expect(statusChangeRefusal(cod('Completed', true), 'Cancelled')).toBe('completedOrderLocked');
  });

  it('completes a card order only once it is paid', () => {
    expect(statusChangeRefusal(card('Pending', false), 'Completed')).toBe('unpaidCardOrderNotCompletable');
  });
});

describe('canChangeOrder', () => {
  const deadline = new Date('2026-11-23T15:00:00Z');
  const placed = { status: 'Pending', fulfilment: 'placed' };

  it('allows a Pending order still at placed until the deadline, not at it', () => {
    expect(canChangeOrder(placed, deadline, new Date('2026-11-23T14:59:59.999Z'))).toBe(true);
    expect(canChangeOrder(placed, deadline, deadline)).toBe(false);
  });

  it('refuses once picking started or the order is no longer Pending', () => {
    const early = new Date('2026-11-22T10:00:00Z');
    expect(canChangeOrder({ ...placed, fulfilment: 'picking' }, deadline, early)).toBe(false);
    expect(canChangeOrder({ ...placed, status: 'Cancelled' }, deadline, early)).toBe(false);
    expect(canChangeOrder({ ...placed, status: 'Completed' }, deadline, early)).toBe(false);
  });
});

describe('nextFulfilmentStage', () => {
  it('walks the stages one step at a time and stops at delivered', () => {
    const walked: string[] = ['placed'];
    let stage: FulfilmentStage | undefined = 'placed';
    while ((stage = nextFulfilmentStage(stage))) walked.push(stage);
    expect(walked).toEqual([...FULFILMENT_STAGES]);
    expect(walked).toEqual(['placed', 'picking', 'picked', 'out_for_delivery', 'delivered']);
  });
});

describe('substituteUnitPrice', () => {
  it('charges the lower of the two unit prices', () => {
    expect(substituteUnitPrice({ price: 250, vatBasisPoints: 0 }, { price: 199, vatBasisPoints: 0 })).toBe(
      199,
    );
    expect(substituteUnitPrice({ price: 199, vatBasisPoints: 0 }, { price: 250, vatBasisPoints: 0 })).toBe(
      199,
    );
  });

  it("keeps the shopper's price with VAT no higher when the substitute has a higher VAT rate", () => {
    // £1.00 at 0% replaced by a £1.00 product at 20%: charged 83p + 16.6p VAT.
    const unit = substituteUnitPrice({ price: 100, vatBasisPoints: 0 }, { price: 100, vatBasisPoints: 2000 });
    expect(unit).toBe(83);
    expect(unit * 1.2).toBeLessThanOrEqual(100);
  });
});

describe('fulfilmentStageLabel', () => {
  it('names every stage in words and leaves an unknown one as it is', () => {
    expect(fulfilmentStageLabel('out_for_delivery')).toBe('Out for delivery');
    expect(fulfilmentStageLabel('picking')).toBe('Being picked');
    expect(fulfilmentStageLabel('lost')).toBe('lost');
  });
});

describe('statusChangeEffects', () => {
  it.each([
    ['completing marks a cash order paid', { isPaid: false }, 'Completed', { isPaid: true }],
    ['cancelling a paid order marks it refund due', { isPaid: true }, 'Cancelled', { refundDue: true }],
    ['cancelling an unpaid order owes nothing', { isPaid: false }, 'Cancelled', {}],
    ['staying Pending changes nothing', { isPaid: true }, 'Pending', {}],
  ] as const)('%s', (_case, order, to, effects) => {
    expect(statusChangeEffects(order, to)).toEqual(effects);
  });
});
