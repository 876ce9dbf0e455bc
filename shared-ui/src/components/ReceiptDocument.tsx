import { formatOrderTime, formatPounds, RECEIPT_TITLES, type ReceiptKind } from '@larder/shared-domain';

/** A delivered order's receipt as the API answers it (GET /api/order/{id}/receipt). */
export interface ReceiptDocumentData {
  kind: string;
  number: string;
  seller: { legalName: string; address: string; vatNumber: string | null };
  customer: { name: string; address: string | null } | null;
  timeOfSupply: string;
  lines: { name: string; quantity: number; amount: number; vatRate: number }[];
  vatRates: { rate: number; net: number; vat: number; gross: number }[];
  total: number;
  cash: number;
  card: number;
  change: number;
  refunds: { _id: string; amount: number; method: string; creditNote: string; at: string }[];
}

export interface ReceiptDocumentProps {
  receipt: ReceiptDocumentData;
}

/**
 * The printable receipt: who sold, when, what (each line with its VAT rate), the VAT per rate, the total and how it
 * was paid, and any refunds with their credit notes. A full VAT invoice adds its number and the customer.
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
              <td className="py-1">{line.name}</td>
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
