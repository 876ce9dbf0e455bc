import type { ReactNode } from 'react';
import {
  formatOrderTime,
  formatPounds,
  poundsToPence,
  PROMOTION_TEXTS,
  RECEIPT_TITLES,
  youSavedText,
  type ReceiptKind,
} from '@larder/shared-domain';
import { Button } from './Button';
import { EmptyState } from './EmptyState';
import { Skeleton } from './Skeleton';

/** A delivered order's receipt as the API answers it (GET /api/order/{id}/receipt). */
export interface ReceiptDocumentData {
  kind: string;
  number: string;
  seller: { legalName: string; address: string; vatNumber: string | null };
  customer: { name: string; address: string | null } | null;
  timeOfSupply: string;
  /** `amount` at the units' own prices; `saving` what the line's deal took off it. */
  lines: {
    name: string;
    quantity: number;
    amount: number;
    vatRate: number;
    promotion: string | null;
    saving: number;
  }[];
  vatRates: { rate: number; net: number; vat: number; gross: number }[];
  /** What the promotions took off: the lines' amounts less this are the total. */
  savings: number;
  deals: { label: string; saving: number }[];
  total: number;
  cash: number;
  card: number;
  change: number;
  /** What the shop kept: handed over less the change, or what the card payment captured. */
  paid: number;
  refunds: { _id: string; amount: number; method: string; creditNote: string; at: string }[];
}

export interface ReceiptDocumentProps {
  receipt: ReceiptDocumentData;
}

/**
 * The printable receipt: who sold, when, what (each line with its VAT rate, and the deal it was in), the VAT per
 * rate, what the deals saved, the total and how it was paid, and any refunds with their credit notes. A full VAT
 * invoice adds its number and the customer.
 */
export function ReceiptDocument({ receipt }: ReceiptDocumentProps) {
  const title = RECEIPT_TITLES[receipt.kind as ReceiptKind] ?? 'Receipt';
  const vatRegistered = receipt.seller.vatNumber !== null;
  return (
    <section aria-labelledby="receipt-title" className="flex flex-col gap-4 text-gray-900 print:text-[10pt]">
      <header className="flex flex-wrap justify-between gap-4">
        <div>
          <h1 id="receipt-title" className="text-2xl font-semibold">
            {title} {receipt.number}
          </h1>
          <p>
            Time of supply:{' '}
            <time dateTime={receipt.timeOfSupply}>{formatOrderTime(receipt.timeOfSupply)}</time>
          </p>
        </div>
        <address className="not-italic text-sm">
          <strong>{receipt.seller.legalName}</strong>
          <br />
          {receipt.seller.address}
          {vatRegistered && (
            <>
              <br />
              VAT registration number {receipt.seller.vatNumber}
            </>
          )}
        </address>
      </header>
      {receipt.customer && (
        <p className="text-sm">
          Customer: {receipt.customer.name}
          {receipt.customer.address ? `, ${receipt.customer.address}` : ''}
        </p>
      )}
      <table className="w-full text-sm">
        <caption className="sr-only">What was supplied</caption>
        <thead>
          <tr className="border-b border-gray-300 text-left">
            <th scope="col" className="py-1">
              Item
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              Qty
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              VAT
            </th>
            <th scope="col" className="py-1 pl-3 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.lines.map((line, index) => (
            <tr key={`${line.name}-${index}`} className="border-b border-gray-100">
              <td className="py-1">
                {line.name}
                {line.promotion && (
                  <span className="block text-xs text-gray-600">
                    {line.promotion}
                    {line.saving > 0 && `: -${formatPounds(line.saving)}`}
                  </span>
                )}
              </td>
              <td className="py-1 pl-3 text-right">{line.quantity}</td>
              <td className="py-1 pl-3 text-right">{line.vatRate}%</td>
              <td className="py-1 pl-3 text-right">{formatPounds(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {vatRegistered && (
        <table className="w-full max-w-md self-end text-sm">
          <caption className="text-left font-medium">VAT by rate</caption>
          <thead>
            <tr className="text-left">
              <th scope="col">Rate</th>
              <th scope="col" className="text-right">
                Net
              </th>
              <th scope="col" className="text-right">
                VAT
              </th>
              <th scope="col" className="text-right">
                Gross
              </th>
            </tr>
          </thead>
          <tbody>
            {receipt.vatRates.map((rate) => (
              <tr key={rate.rate}>
                <td>{rate.rate}%</td>
                <td className="text-right">{formatPounds(rate.net)}</td>
                <td className="text-right">{formatPounds(rate.vat)}</td>
                <td className="text-right">{formatPounds(rate.gross)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {receipt.savings > 0 && (
        <section aria-labelledby="receipt-savings" className="flex flex-col gap-1 self-end text-sm">
          <h2 id="receipt-savings" className="font-semibold text-brand-800">
            {youSavedText(poundsToPence(receipt.savings) ?? 0)}
          </h2>
          <dl className="grid max-w-xs grid-cols-2 gap-x-4 gap-y-1">
            {receipt.deals.map((deal) => (
              <div key={deal.label} className="contents">
                <dt>{deal.label}</dt>
                <dd className="text-right">-{formatPounds(deal.saving)}</dd>
              </div>
            ))}
            <dt className="font-medium">{PROMOTION_TEXTS.totalSavings}</dt>
            <dd className="text-right font-medium">-{formatPounds(receipt.savings)}</dd>
          </dl>
        </section>
      )}
      <dl className="grid max-w-xs grid-cols-2 gap-x-4 gap-y-1 self-end text-sm">
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold">{formatPounds(receipt.total)}</dd>
        <dt>Cash</dt>
        <dd className="text-right">{formatPounds(receipt.cash)}</dd>
        {receipt.card > 0 && (
          <>
            <dt>Card</dt>
            <dd className="text-right">{formatPounds(receipt.card)}</dd>
          </>
        )}
        {receipt.change > 0 && (
          <>
            <dt>Change</dt>
            <dd className="text-right">{formatPounds(receipt.change)}</dd>
          </>
        )}
        <dt className="font-medium">Paid</dt>
        <dd className="text-right font-medium">{formatPounds(receipt.paid)}</dd>
      </dl>
      {receipt.refunds.length > 0 && (
        <div className="text-sm">
          <h2 className="font-medium">Refunds</h2>
          <ul>
            {receipt.refunds.map((refund) => (
              <li key={refund._id}>
                Credit note {refund.creditNote}, {formatOrderTime(refund.at)}: {formatPounds(refund.amount)}{' '}
                by {refund.method}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** A receipt being read (an RTK Query answer in the app's words). */
export interface ReceiptScreenState {
  receipt: ReceiptDocumentData | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Why it could not be shown, in words. */
  errorText: string;
  retry: () => void;
}

export interface ReceiptScreenProps {
  /** The way back (a link to the orders the receipt was opened from). */
  back: ReactNode;
  state: ReceiptScreenState;
  className?: string;
}

const PRINT_PAGE = '@page { size: A4 portrait; margin: 12mm; }';

/** A receipt page's body: the way back and Print (not printed), then loading, the refusal with a retry, or the receipt. */
export function ReceiptScreen({ back, state, className }: ReceiptScreenProps) {
  return (
    <div className={className ?? 'flex max-w-3xl flex-col gap-4'}>
      <style>{PRINT_PAGE}</style>
      <div className="flex flex-wrap justify-between gap-2 print:hidden">
        {back}
        {state.receipt && (
          <Button size="sm" onClick={() => window.print()}>
            Print
          </Button>
        )}
      </div>
      {state.isLoading ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">Loading the receipt</span>
          <Skeleton className="h-64 w-full" />
        </div>
      ) : state.isError || !state.receipt ? (
        <EmptyState
          title="The receipt could not be shown"
          message={state.errorText}
          action={<Button onClick={state.retry}>Try again</Button>}
        />
      ) : (
        <ReceiptDocument receipt={state.receipt} />
      )}
    </div>
  );
}
