import {
  fulfilmentStageLabel,
  substituteUnitPrice,
  exceedsPerOrderLimit,
  formatOrderTime,
  isValidPerOrderLimit,
  OPEN_ORDER_STATUSES,
  isOrderStatus,
  isValidQuantity,
  orderLimitOf,
  orderReference,
} from './orders';
import { perOrderLimitLabel, perOrderLimitMessage, tooManyOpenOrdersMessage } from './messages';

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

  it("takes the shop's limit per product for a product without its own, which wins either way", () => {
    expect(exceedsPerOrderLimit(21, null, 20)).toBe(true);
    expect(exceedsPerOrderLimit(20, null, 20)).toBe(false);
    expect(exceedsPerOrderLimit(30, 40, 20)).toBe(false);
    expect(exceedsPerOrderLimit(3, 2, 20)).toBe(true);
    expect(orderLimitOf(null, 20)).toBe(20);
    expect(orderLimitOf(6, 20)).toBe(6);
    expect(orderLimitOf(undefined)).toBeNull();
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
