import { useSearchParams } from 'react-router-dom';
import { londonIsoString, parseIsoDate, REFUSALS_TEXTS } from '@larder/shared-domain';
import { errorMessage, useApiUrl, useListRefusalsQuery } from '@larder/shared-state';
import { Button, EmptyState, Skeleton, TextInput, buttonClasses, useDocumentTitle } from '@larder/shared-ui';

/** This month so far, in London: the first of the month to today. */
function thisMonth(now = new Date()): { from: string; to: string } {
  const today = londonIsoString(now).slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** "24/11/2026, 10:30" in London. */
const atFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * /seller/refusals?from=&to=: the refusals log the premises licence asks for (owner and managers): every failed ID
 * check and every 18+ product refused at the door, with the order, the driver and why; the same range as CSV.
 */
export default function RefusalsPage() {
  const [params, setParams] = useSearchParams();
  const fallback = thisMonth();
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const valid = parseIsoDate(from) !== undefined && parseIsoDate(to) !== undefined && from <= to;
  useDocumentTitle(REFUSALS_TEXTS.title);
  const { currentData: data, isError, error, refetch } = useListRefusalsQuery({ from, to }, { skip: !valid });
  const csvUrl = useApiUrl(`/api/seller/refusals?${new URLSearchParams({ from, to, format: 'csv' })}`);

  return (
    <article className="flex flex-col gap-4 text-gray-900">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{REFUSALS_TEXTS.title}</h1>
          <p className="text-gray-700">{REFUSALS_TEXTS.intro}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <TextInput
            label="From"
            name="from"
            type="date"
            value={from}
            onChange={(event) => setParams({ from: event.target.value, to })}
          />
          <TextInput
            label="To"
            name="to"
            type="date"
            value={to}
            onChange={(event) => setParams({ from, to: event.target.value })}
          />
          {valid && (
            <a href={csvUrl} className={buttonClasses({ variant: 'secondary' })} download>
              Download CSV
            </a>
          )}
        </div>
      </header>
      {!valid ? (
        <p role="alert" className="text-danger">
          {REFUSALS_TEXTS.rangeInvalid}
        </p>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-danger">
          <p>{errorMessage(error, 'Could not load the refusals log.')}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : !data ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">Loading the refusals log</span>
          <Skeleton className="h-24 w-full" />
        </div>
      ) : data.refusals.length === 0 ? (
        <EmptyState title={REFUSALS_TEXTS.empty} />
      ) : (
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{REFUSALS_TEXTS.title}</caption>
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className="py-2 pr-3">
                Date and time
              </th>
              <th scope="col" className="py-2 pr-3">
                Order
              </th>
              <th scope="col" className="py-2 pr-3">
                Driver
              </th>
              <th scope="col" className="py-2 pr-3">
                Products
              </th>
              <th scope="col" className="py-2">
                Reason
              </th>
            </tr>
          </thead>
          <tbody>
            {data.refusals.map((refusal) => (
              <tr key={`${refusal.order._id}-${refusal.at}`} className="border-b border-gray-100">
                <td className="py-2 pr-3">{atFormat.format(new Date(refusal.at))}</td>
                <td className="py-2 pr-3">#{refusal.order.reference}</td>
                <td className="py-2 pr-3">{refusal.driver.name ?? '—'}</td>
                <td className="py-2 pr-3">{refusal.products.join(', ')}</td>
                <td className="py-2">{refusal.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
