import { Fragment, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  formatDeliveryDate,
  formatPounds,
  londonIsoString,
  MESSAGES,
  parseIsoDate,
} from '@larder/shared-domain';
import { errorMessage, useApiUrl, useGetTakingsQuery, type TakingsDayView } from '@larder/shared-state';
import { Button, EmptyState, Skeleton, buttonClasses, useDocumentTitle } from '@larder/shared-ui';

/** Many columns: printed across an A4 page turned sideways, with the shop's chrome hidden. */
const PRINT_PAGE = '@page { size: A4 landscape; margin: 10mm; }';

/** This month so far, in London: the first of the month to today. */
function thisMonth(now = new Date()): { from: string; to: string } {
  const today = londonIsoString(now).slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** A rate as the bookkeeper reads it: "20%", "5%", "0%". */
const percent = (rate: number) => `${rate}%`;

/**
 * /seller/takings?from=&to=: the takings of delivered orders per London day of supply (owner and managers): per VAT
 * rate the net, VAT and gross, then delivery charges, what they came to, cash and card at the door, refunds and the
 * savings promotions gave, with a totals row; the same range as CSV for a bookkeeping package; printable.
 */
export default function TakingsPage() {
  const [params, setParams] = useSearchParams();
  const fallback = thisMonth();
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const valid = parseIsoDate(from) !== undefined && parseIsoDate(to) !== undefined && from <= to;
  useDocumentTitle(`Takings ${from} to ${to}`);
  // currentData: the answer for these days only (not the last range's while the new one loads).
  const { currentData: data, isError, error, refetch } = useGetTakingsQuery({ from, to }, { skip: !valid });
  const csvUrl = useApiUrl(`/api/seller/takings?${new URLSearchParams({ from, to, format: 'csv' })}`);

  return (
    <article className="flex flex-col gap-4 text-gray-900 print:text-[9pt]">
      <style>{PRINT_PAGE}</style>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Takings</h1>
          <p className="text-gray-700">
            {valid ? `${formatDeliveryDate(from)} to ${formatDeliveryDate(to)}` : 'Choose the days'}, by day
            of delivery
          </p>
        </div>
        <RangeChooser
          from={from}
          to={to}
          onChoose={(range) => setParams(range)}
          actions={
            <>
              {valid && (
                <a href={csvUrl} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  Download CSV
                </a>
              )}
              <Button type="button" size="sm" variant="secondary" onClick={() => window.print()}>
                Print
              </Button>
            </>
          }
        />
      </header>
      {!valid ? (
        <EmptyState title="Choose the days" message={MESSAGES.takingsRangeInvalid} />
      ) : isError ? (
        <EmptyState
          title="The takings could not be loaded"
          message={errorMessage(error, MESSAGES.somethingWentWrong)}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : !data ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">Loading the takings</span>
          <Skeleton className="h-48 w-full" />
        </div>
      ) : data.days.length === 0 ? (
        <EmptyState title="No takings" message="Nothing was delivered or refunded on these days." />
      ) : (
        <>
          <p className="-mb-2 text-sm text-gray-700 lg:hidden print:hidden">
            Scroll the table sideways for every column.
          </p>
          <TakingsTable days={data.days} total={data.total} />
        </>
      )}
    </article>
  );
}

/**
 * The first and last day to show, asked for with Show (or Enter in a box): a date box reports a date at each key
 * typed into its year, so each change is not a range to fetch. The boxes follow the days shown when the address
 * changes (the menu's link).
 */
function RangeChooser({
  from,
  to,
  onChoose,
  actions,
}: {
  from: string;
  to: string;
  onChoose: (range: { from: string; to: string }) => void;
  actions: ReactNode;
}) {
  const [shown, setShown] = useState({ from, to });
  const [draft, setDraft] = useState({ from, to });
  const [problem, setProblem] = useState<string | undefined>();
  const formId = useId();
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to });
    setDraft({ from, to });
    setProblem(undefined);
  }

  function show() {
    if (!parseIsoDate(draft.from) || !parseIsoDate(draft.to) || draft.from > draft.to)
      return setProblem('Choose a first day on or before the last day');
    setProblem(undefined);
    onChoose(draft);
  }
  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') show();
  };

  return (
    <fieldset className="flex flex-wrap items-end gap-2 print:hidden">
      <legend className="sr-only">Days to show</legend>
      <label htmlFor={`${formId}-from`} className="flex flex-col text-sm font-medium">
        From
        <input
          id={`${formId}-from`}
          type="date"
          className="min-h-10 rounded border border-gray-400 px-2"
          value={draft.from}
          onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          onKeyDown={onEnter}
        />
      </label>
      <label htmlFor={`${formId}-to`} className="flex flex-col text-sm font-medium">
        To
        <input
          id={`${formId}-to`}
          type="date"
          className="min-h-10 rounded border border-gray-400 px-2"
          value={draft.to}
          onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          onKeyDown={onEnter}
        />
      </label>
      <Button type="button" size="sm" onClick={show}>
        Show
      </Button>
      {actions}
      {problem && (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}

/**
 * A figure's cell: compact, so that a month's columns (totals in thousands of pounds) fit beside the menu at
 * 1280 px (scrolled on a phone).
 */
const NUMBER = 'px-1 py-1.5 text-right tabular-nums whitespace-nowrap';

/** A day as the table names it: its year may go to a line of its own when the columns need the room. */
function DayName({ date }: { date: string }) {
  const name = formatDeliveryDate(date);
  const at = name.lastIndexOf(' ');
  if (at === -1) return <>{name}</>;
  return (
    <>
      <span className="whitespace-nowrap">{name.slice(0, at)}</span>{' '}
      <span className="whitespace-nowrap">{name.slice(at + 1)}</span>
    </>
  );
}

/** The figures of one day (or the total): per rate net, VAT and gross, then the day's own columns. */
function Figures({ day, rates }: { day: TakingsDayView; rates: number[] }) {
  return (
    <>
      <td className={NUMBER}>{day.orders}</td>
      {rates.map((rate) => {
        const r = day.rates.find((x) => x.rate === rate);
        return (
          <Fragment key={rate}>
            <td className={`${NUMBER} border-l border-gray-300`}>{r ? formatPounds(r.net) : '–'}</td>
            <td className={NUMBER}>{r ? formatPounds(r.vat) : '–'}</td>
            <td className={NUMBER}>{r ? formatPounds(r.gross) : '–'}</td>
          </Fragment>
        );
      })}
      <td className={`${NUMBER} border-l border-gray-300`}>{formatPounds(day.delivery)}</td>
      <td className={`${NUMBER} font-semibold`}>{formatPounds(day.gross)}</td>
      <td className={NUMBER}>{formatPounds(day.cash)}</td>
      <td className={NUMBER}>{formatPounds(day.card)}</td>
      <td className={NUMBER}>{formatPounds(day.refunds)}</td>
      <td className={NUMBER}>{formatPounds(day.savings)}</td>
    </>
  );
}

function TakingsTable({ days, total }: { days: TakingsDayView[]; total: TakingsDayView }) {
  const rates = [...new Set([...days, total].flatMap((d) => d.rates.map((r) => r.rate)))].sort(
    (a, b) => a - b,
  );
  const heading = 'px-1 py-1.5 font-semibold align-bottom';
  return (
    // Scrolled sideways on a narrow screen: a region of its own that the keyboard can reach and scroll.
    <div
      role="region"
      aria-label="Takings per day"
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-gray-300 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 print:overflow-visible print:border-0"
    >
      <table className="w-full border-collapse text-xs 2xl:text-sm print:text-[8pt]">
        <caption className="sr-only">
          Takings per day of delivery: per VAT rate the net, VAT and gross, then delivery, what the orders
          came to, cash, card, refunds and savings, with the totals in the last row
        </caption>
        <thead className="bg-gray-100 print:bg-transparent">
          <tr>
            <td colSpan={2} />
            {rates.map((rate) => (
              <th
                key={rate}
                scope="colgroup"
                colSpan={3}
                className={`${heading} border-l border-gray-300 text-center`}
              >
                VAT {percent(rate)}
              </th>
            ))}
            <td colSpan={6} className="border-l border-gray-300" />
          </tr>
          <tr className="border-b-2 border-gray-800">
            <th scope="col" className={`${heading} pl-1.5 text-left`}>
              Day
            </th>
            <th scope="col" className={`${heading} text-right`}>
              Orders
            </th>
            {rates.map((rate) => (
              <Fragment key={rate}>
                <th scope="col" className={`${heading} border-l border-gray-300 text-right`}>
                  Net <span className="sr-only">at {percent(rate)}</span>
                </th>
                <th scope="col" className={`${heading} text-right`}>
                  VAT <span className="sr-only">at {percent(rate)}</span>
                </th>
                <th scope="col" className={`${heading} text-right`}>
                  Gross <span className="sr-only">at {percent(rate)}</span>
                </th>
              </Fragment>
            ))}
            <th scope="col" className={`${heading} border-l border-gray-300 text-right`}>
              Delivery
            </th>
            <th scope="col" className={`${heading} text-right`}>
              Gross total
            </th>
            <th scope="col" className={`${heading} text-right`}>
              Cash
            </th>
            <th scope="col" className={`${heading} text-right`}>
              Card
            </th>
            <th scope="col" className={`${heading} text-right`}>
              Refunds
            </th>
            <th scope="col" className={`${heading} text-right`}>
              Savings
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date} className="border-b border-gray-200 break-inside-avoid">
              <th scope="row" className="px-1.5 py-1.5 text-left font-medium">
                <DayName date={day.date} />
              </th>
              <Figures day={day} rates={rates} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-gray-800 bg-gray-50 font-semibold print:bg-transparent">
            <th scope="row" className="px-1.5 py-1.5 text-left">
              Total
            </th>
            <Figures day={total} rates={rates} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
