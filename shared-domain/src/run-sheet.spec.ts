import { MESSAGES } from './messages';
import { csvCell, runSheetCsv, runSheetStops, type RunSheetOrder } from './run-sheet';

type Line = RunSheetOrder['items'][number];
const line = (name: string, quantity: number, extra: Partial<Line> = {}): Line => ({
  name,
  quantity,
  picked: null,
  refused: false,
  substitute: null,
  ...extra,
});

const order = (id: string, postalCode: string | null, extra: Partial<RunSheetOrder> = {}): RunSheetOrder => ({
  _id: id,
  status: 'Pending',
  paymentType: 'COD',
  isPaid: false,
  amount: 12.5,
  ageCheckRequired: false,
  customer: { name: 'Ann Jones', phone: '07700 900123' },
  address: postalCode === null ? null : { street: '9 Queen Square', city: 'Bristol', state: '', postalCode },
  items: [line('Whole milk', 2)],
  ...extra,
});

describe('run sheet stops', () => {
  it('hands over what was found and the substitutes, and notes the swaps, the shortfalls and refusals', () => {
    const [stop] = runSheetStops([
      order('aaaaaaaa-1', 'BS8 1AA', {
        items: [
          line('Whole milk', 2, { picked: 0, substitute: { name: 'Oat drink', quantity: 2 } }),
          line('Sourdough loaf', 3, { picked: 2 }),
          line('Eggs', 6, { refused: true }),
          line('Apples', 4),
        ],
      }),
    ]);
    expect(stop).toEqual({
      id: 'aaaaaaaa-1',
      reference: '#AAAAAAAA',
      customer: 'Ann Jones',
      phone: '07700 900123',
      address: '9 Queen Square, Bristol',
      postcode: 'BS8 1AA',
      items: ['2 x Oat drink', '2 x Sourdough loaf', '4 x Apples'],
      toCollect: 1250,
      notes: ['Oat drink instead of Whole milk', '1 x Sourdough loaf missing'],
    });
  });

  it('collects nothing for a card order and says where to check ID first', () => {
    const [stop] = runSheetStops([
      order('b-1', 'BS1 5DB', { paymentType: 'Online', isPaid: true, ageCheckRequired: true }),
    ]);
    expect(stop).toMatchObject({ toCollect: 0, notes: [MESSAGES.ageCheckAtDoor, 'Paid by card'] });
  });

  it('never asks cash for an unpaid card order, and says not to hand it over', () => {
    const [stop] = runSheetStops([order('c-1', 'BS1 5DB', { paymentType: 'Online', isPaid: false })]);
    expect(stop).toMatchObject({ toCollect: 0, notes: ['Card payment not received: do not hand over'] });
  });

  it('orders the stops by postcode whatever its spacing or case, keeps ties in order and leaves out cancelled orders', () => {
    const stops = runSheetStops([
      order('no-address', null),
      order('bs8-first', 'BS8 1AA'),
      order('cancelled', 'BS1 1AA', { status: 'Cancelled' }),
      order('bs1-lower', 'bs15db'),
      order('bs8-second', 'BS81AA'),
      order('bs1-upper', 'BS1 4DJ'),
    ]);
    expect(stops.map((stop) => stop.id)).toEqual([
      'bs1-upper',
      'bs1-lower',
      'bs8-first',
      'bs8-second',
      'no-address',
    ]);
    expect(stops[4]).toMatchObject({ address: '', postcode: '' });
  });
});

describe('run sheet CSV', () => {
  it('writes the header and a row a stop, amounts in pounds, lines ending in CRLF', () => {
    const csv = runSheetCsv(runSheetStops([order('aaaaaaaa-1', 'BS8 1AA', { amount: 5 })]));
    expect(csv).toBe(
      'reference,customer,phone,address,postcode,items,amount to collect,notes\r\n' +
        '#AAAAAAAA,Ann Jones,07700 900123,"9 Queen Square, Bristol",BS8 1AA,2 x Whole milk,5.00,\r\n',
    );
  });

  it.each([
    ['plain text', 'Ann Lee', 'Ann Lee'],
    ['a comma', 'Flat 2, Mill', '"Flat 2, Mill"'],
    ['a semicolon', '1 x Milk; 2 x Tea', '"1 x Milk; 2 x Tea"'],
    ['quotes', 'The "Mill"', '"The ""Mill"""'],
    ['a line break', 'a\nb', '"a\nb"'],
    ['a formula', '=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['a leading +', '+441179000000', "'+441179000000"],
  ])('escapes a cell with %s', (_case, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
