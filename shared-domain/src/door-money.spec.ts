import {
  doorMoney,
  handedOverTooMuch,
  hasVisibleText,
  keptOf,
  MAX_HANDED_OVER_ABOVE_DUE,
  refundable,
  type KeptOrder,
} from './door-money';

const cod = (over: Partial<KeptOrder> = {}): KeptOrder => ({
  paymentType: 'COD',
  status: 'Completed',
  isPaid: true,
  amount: 599,
  collectedCash: null,
  collectedCard: null,
  cashChange: null,
  cardCaptured: null,
  ...over,
});

describe('the money at the door', () => {
  it('gives change from a £50 note for £5.99 and keeps £5.99', () => {
    expect(doorMoney(599, { cash: 5000, card: 0 })).toEqual({
      cash: 5000,
      card: 0,
      change: 4401,
      keptCash: 599,
      keptCard: 0,
    });
  });

  it('gives change only from the cash, and none when less than due was handed over', () => {
    expect(doorMoney(1000, { cash: 500, card: 700 })).toMatchObject({
      change: 200,
      keptCash: 300,
      keptCard: 700,
    });
    expect(doorMoney(1000, { cash: 0, card: 1200 })).toMatchObject({
      change: 0,
      keptCash: 0,
      keptCard: 1200,
    });
    expect(doorMoney(1000, { cash: 800, card: 0 })).toMatchObject({ change: 0, keptCash: 800 });
  });

  it('takes £50 over what is due as the most a slip of the finger is not', () => {
    expect(MAX_HANDED_OVER_ABOVE_DUE).toBe(5000);
    expect(handedOverTooMuch(599, { cash: 5599, card: 0 })).toBe(false);
    expect(handedOverTooMuch(599, { cash: 5600, card: 0 })).toBe(true);
    expect(handedOverTooMuch(599, { cash: 500000, card: 0 })).toBe(true);
    expect(handedOverTooMuch(0, { cash: 0, card: 5001 })).toBe(true);
  });
});

describe('what the shop kept of an order', () => {
  it('is what was handed over less the change for a delivered cash order', () => {
    expect(keptOf(cod({ collectedCash: 5000, collectedCard: 0, cashChange: 4401 }))).toBe(599);
    expect(keptOf(cod({ collectedCash: 300, collectedCard: 299, cashChange: 0 }))).toBe(599);
  });

  it('is the total of a delivered cash order with nothing recorded, and nothing before delivery', () => {
    expect(keptOf(cod())).toBe(599);
    expect(keptOf(cod({ status: 'Pending', isPaid: false }))).toBe(0);
  });

  it('is what the payment captured for a card order, whatever its total is now', () => {
    const card = cod({ paymentType: 'Online', amount: 450, cardCaptured: 599 });
    expect(keptOf(card)).toBe(599);
    expect(keptOf({ ...card, isPaid: false })).toBe(0);
  });

  it('bounds a refund: what was kept less what was refunded, never below 0', () => {
    const order = cod({ collectedCash: 5000, collectedCard: 0, cashChange: 4401 });
    expect(refundable(order, 0)).toBe(599);
    expect(refundable(order, 599)).toBe(0);
    expect(refundable(order, 700)).toBe(0);
  });
});

describe('a reason in words', () => {
  it('needs a letter or a digit', () => {
    expect(hasVisibleText('Change given short at one door')).toBe(true);
    expect(hasVisibleText('£2')).toBe(true);
    expect(hasVisibleText('Ω')).toBe(true);
    expect(hasVisibleText('\u200b')).toBe(false);
    expect(hasVisibleText(' \u00a0\u2060 ')).toBe(false);
    expect(hasVisibleText('...')).toBe(false);
    expect(hasVisibleText(null)).toBe(false);
  });
});
