import { IsIn } from 'class-validator';
import {
  DELIVERY_SLOTS,
  MAX_CART_LINES,
  MAX_QUANTITY,
  MESSAGES,
  RECEIPT_KINDS,
  REFUND_METHODS,
  type RefundMethod,
} from '@larder/shared-domain';
import {
  EnumField,
  IntField,
  MoneyField,
  NestedListField,
  ResponseField,
  TextField,
  UuidField,
} from '../../common/api-field';

const DATE = { maxLength: 10, pattern: /^\d{4}-\d{2}-\d{2}$/, example: '2026-11-24' };

// ---- refunds ----

export class RefundLineDto {
  @UuidField({ description: "The order line's product" })
  product!: string;

  @IntField({ min: 1, max: MAX_QUANTITY, description: 'Units refunded', example: 1 })
  quantity!: number;
}

export class RefundDto {
  @MoneyField({ min: 0.01, description: 'Pounds given back', example: 2.5 })
  amount!: number;

  @EnumField(REFUND_METHODS, {
    enumName: 'RefundMethod',
    description: 'How the money goes back',
    example: 'cash',
  })
  method!: RefundMethod;

  @TextField({
    required: false,
    maxLength: 100,
    description: 'A card or bank reference',
    example: 'BACS 1234',
  })
  reference?: string;

  @TextField({ maxLength: 300, description: 'Why', example: 'Eggs broken' })
  reason!: string;

  @NestedListField(() => RefundLineDto, {
    required: false,
    maxItems: MAX_CART_LINES,
    description: 'The lines refunded, when it is for some of the goods',
  })
  lines?: RefundLineDto[];
}

export class RefundView {
  @ResponseField({ format: 'uuid' }) _id!: string;
  @ResponseField({ description: 'Pounds', example: 2.5 }) amount!: number;
  @ResponseField({ enum: [...REFUND_METHODS], enumName: 'RefundMethod' }) method!: string;
  @ResponseField({ type: String, nullable: true }) reference!: string | null;
  @ResponseField() reason!: string;
  @ResponseField({ description: 'Credit note number, from its own unbroken sequence', example: 'CN-000001' })
  creditNote!: string;
  @ResponseField({ type: String, format: 'date-time' }) at!: string;
}

export class RefundResponse {
  @ResponseField({ example: true }) success!: true;
  @ResponseField({ type: () => RefundView }) refund!: RefundView;
}

// ---- receipts ----

export class ReceiptSellerView {
  @ResponseField() legalName!: string;
  @ResponseField() address!: string;
  @ResponseField({ type: String, nullable: true, example: 'GB123456789' }) vatNumber!: string | null;
}

export class ReceiptCustomerView {
  @ResponseField() name!: string;
  @ResponseField({ type: String, nullable: true }) address!: string | null;
}

export class ReceiptLineView {
  @ResponseField() name!: string;
  @ResponseField({ type: 'integer', example: 2 }) quantity!: number;
  @ResponseField({ description: 'Pounds with VAT', example: 2.5 }) amount!: number;
  @ResponseField({ description: 'VAT rate in percent', example: 0 }) vatRate!: number;
  @ResponseField({
    type: String,
    nullable: true,
    description: 'The label of the deal some of its units are in ("Any 3 for £5"); null when none',
    example: 'Any 3 for £5',
  })
  promotion!: string | null;
  @ResponseField({
    description:
      'What the deals took off the line, pounds with VAT (0 when none): it cost amount less saving',
    example: 0.6,
  })
  saving!: number;
}

export class ReceiptDealView {
  @ResponseField({ example: 'Any 3 for £5' }) label!: string;
  @ResponseField({ description: 'What it took off the order, pounds with VAT', example: 1.8 })
  saving!: number;
}

export class ReceiptVatRateView {
  @ResponseField({ description: 'Percent', example: 20 }) rate!: number;
  @ResponseField({ description: 'Pounds before VAT' }) net!: number;
  @ResponseField({ description: 'Pounds' }) vat!: number;
  @ResponseField({ description: 'Pounds with VAT' }) gross!: number;
}

export class ReceiptView {
  @ResponseField({
    enum: [...RECEIPT_KINDS],
    enumName: 'ReceiptKind',
    description:
      'receipt (the shop has no VAT number), simplified_vat_invoice (at most £250), full_vat_invoice (above £250)',
  })
  kind!: string;

  @ResponseField({
    description:
      'A full VAT invoice: its number from an unbroken sequence (INV-…); otherwise the order reference',
    example: 'INV-000001',
  })
  number!: string;

  @ResponseField({ type: () => ReceiptSellerView }) seller!: ReceiptSellerView;

  @ResponseField({
    type: () => ReceiptCustomerView,
    nullable: true,
    description: "A full VAT invoice: the customer's name and address; null otherwise",
  })
  customer!: ReceiptCustomerView | null;

  @ResponseField({ type: String, format: 'date-time', description: 'When the goods were handed over' })
  timeOfSupply!: string;

  @ResponseField({
    type: () => ReceiptLineView,
    isArray: true,
    description: 'What was delivered, and delivery',
  })
  lines!: ReceiptLineView[];

  @ResponseField({ type: () => ReceiptVatRateView, isArray: true }) vatRates!: ReceiptVatRateView[];
  @ResponseField({
    description:
      "What the promotions took off the order, pounds with VAT (the order's savings): the lines' amounts less " +
      'this are the total',
    example: 1.8,
  })
  savings!: number;
  @ResponseField({
    type: () => ReceiptDealView,
    isArray: true,
    description: 'The deals that took something off the order, with what each took off',
  })
  deals!: ReceiptDealView[];
  @ResponseField({ description: 'Pounds with VAT' }) total!: number;
  @ResponseField({ description: 'Cash handed over, pounds' }) cash!: number;
  @ResponseField({ description: 'Paid by card at the door, pounds' }) card!: number;
  @ResponseField({ description: 'Given back from the cash handed over, pounds' }) change!: number;
  @ResponseField({
    description: 'What the shop kept: handed over less the change, or what the card payment captured, pounds',
  })
  paid!: number;
  @ResponseField({
    type: () => RefundView,
    isArray: true,
    description: 'Refunds given, with their credit notes',
  })
  refunds!: RefundView[];
}

export class ReceiptResponse {
  @ResponseField({ example: true }) success!: true;
  @ResponseField({ type: () => ReceiptView }) receipt!: ReceiptView;
}

// ---- takings ----

export class TakingsQuery {
  @TextField({ ...DATE, message: MESSAGES.takingsRangeInvalid, description: 'First London day, YYYY-MM-DD' })
  from!: string;

  @TextField({ ...DATE, message: MESSAGES.takingsRangeInvalid, description: 'Last London day, YYYY-MM-DD' })
  to!: string;

  @EnumField(['json', 'csv'], {
    required: false,
    description: 'csv: one row per delivered order, for a bookkeeping package',
    example: 'json',
  })
  format?: 'json' | 'csv';
}

export class TakingsRateView {
  @ResponseField({ description: 'Percent', example: 20 }) rate!: number;
  @ResponseField({ description: 'Pounds before VAT' }) net!: number;
  @ResponseField({ description: 'Pounds' }) vat!: number;
  @ResponseField({ description: 'Pounds with VAT' }) gross!: number;
}

export class TakingsDayView {
  @ResponseField({ description: 'London day of supply, YYYY-MM-DD' }) date!: string;
  @ResponseField({ type: 'integer' }) orders!: number;
  @ResponseField({ type: () => TakingsRateView, isArray: true }) rates!: TakingsRateView[];
  @ResponseField({ description: 'Delivery charges, pounds (no VAT)' }) delivery!: number;
  @ResponseField({ description: 'What the delivered orders came to, pounds' }) gross!: number;
  @ResponseField({ description: 'Cash collected, pounds' }) cash!: number;
  @ResponseField({ description: 'Card at the door, pounds' }) card!: number;
  @ResponseField({ description: 'Refunds given that day, pounds' }) refunds!: number;
  @ResponseField({
    description:
      "What promotions took off the delivered orders, pounds with VAT (the sum of the orders' savings)",
  })
  savings!: number;
}

export class TakingsResponse {
  @ResponseField({ example: true }) success!: true;
  @ResponseField() from!: string;
  @ResponseField() to!: string;
  @ResponseField({
    type: () => TakingsDayView,
    isArray: true,
    description: 'Days with deliveries or refunds',
  })
  days!: TakingsDayView[];
  @ResponseField({ type: () => TakingsDayView, description: 'The whole range (date: the range)' })
  total!: TakingsDayView;
}

// ---- cash-up ----

export class CashUpQuery {
  @TextField({ ...DATE, message: MESSAGES.pickingDateInvalid, description: 'Delivery date, YYYY-MM-DD' })
  date!: string;
}

export class CashUpDto extends CashUpQuery {
  // Listed above TextField so that it is checked after it.
  @IsIn(DELIVERY_SLOTS, { message: MESSAGES.deliveryTimeInvalid })
  @TextField({
    maxLength: 32,
    description: `The run's slot: ${DELIVERY_SLOTS.join(', ')}`,
    example: DELIVERY_SLOTS[0],
  })
  time!: string;

  @MoneyField({ description: 'Cash counted in from the run, pounds', example: 48.5 })
  handedIn!: number;

  @TextField({
    required: false,
    maxLength: 300,
    description:
      'Why the cash differs from what was collected (required then), or why a signed-off run is corrected',
    example: 'Change given short at one door',
  })
  reason?: string;
}

export class StaffRefView {
  @ResponseField({ format: 'uuid' }) _id!: string;
  @ResponseField() name!: string;
}

export class SignOffView {
  @ResponseField({ description: 'Who signed it off (or last corrected it)' }) by!: string;
  @ResponseField({ type: String, format: 'date-time' }) at!: string;
}

export const CASH_UP_ENTRY_KINDS = ['sign_off', 'correction', 'reopened'] as const;

/** One event of a run's cash-up: an entry (with the figures it was made with), or the run reopened. */
export class CashUpEntryView {
  @ResponseField({
    enum: [...CASH_UP_ENTRY_KINDS],
    enumName: 'CashUpEntryKind',
    description: 'sign_off, correction (while signed off), or reopened (an outcome recorded after the entry)',
  })
  kind!: (typeof CASH_UP_ENTRY_KINDS)[number];
  @ResponseField({ type: String, format: 'date-time' }) at!: string;
  @ResponseField({ type: String, nullable: true, description: 'Who wrote the entry (null for a reopening)' })
  by!: string | null;
  @ResponseField({ type: Number, nullable: true, description: 'Cash counted in, pounds' }) handedIn!:
    number | null;
  @ResponseField({ type: Number, nullable: true, description: 'Cash the run had kept then, pounds' }) cash!:
    number | null;
  @ResponseField({ type: Number, nullable: true, description: 'Handed in less cash kept then, pounds' })
  variance!: number | null;
  @ResponseField({ type: String, nullable: true }) reason!: string | null;
}

export class CashUpRunView {
  @ResponseField({ example: DELIVERY_SLOTS[0] }) time!: string;
  @ResponseField({ type: () => StaffRefView, isArray: true, description: 'Who recorded its outcomes' })
  drivers!: StaffRefView[];
  @ResponseField({ type: 'integer' }) delivered!: number;
  @ResponseField({ type: 'integer' }) failed!: number;
  @ResponseField({ description: 'What its delivered orders were due, pounds' }) due!: number;
  @ResponseField({ description: 'Cash its delivered orders kept (handed over less change), pounds' })
  cash!: number;
  @ResponseField({ description: 'Card taken at the door, pounds' }) card!: number;
  @ResponseField({ type: Number, nullable: true, description: 'Cash counted in (while signed off), pounds' })
  handedIn!: number | null;
  @ResponseField({
    type: Number,
    nullable: true,
    description: 'Handed in less cash kept, as signed off (never worked out again), pounds',
  })
  variance!: number | null;
  @ResponseField({ type: String, nullable: true }) reason!: string | null;
  @ResponseField({
    type: () => SignOffView,
    nullable: true,
    description: 'Null until signed off, and again once an outcome is recorded after the latest entry',
  })
  signedOff!: SignOffView | null;
  @ResponseField({ description: 'Signed off before, and an outcome recorded since: to be signed off again' })
  reopened!: boolean;
  @ResponseField({ type: 'integer', description: 'Corrections made while signed off' }) corrections!: number;
  @ResponseField({
    type: () => CashUpEntryView,
    isArray: true,
    description: 'Every entry and reopening, oldest first',
  })
  history!: CashUpEntryView[];
}

export class CashUpResponse {
  @ResponseField({ example: true }) success!: true;
  @ResponseField() date!: string;
  @ResponseField({ type: () => CashUpRunView, isArray: true }) runs!: CashUpRunView[];
}
