import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  formatDeliveryDate,
  formatOrderTime,
  formatPounds,
  hasVisibleText,
  londonIsoString,
  MESSAGES,
  parseIsoDate,
  poundsToPence,
} from '@larder/shared-domain';
import {
  errorMessage,
  toast,
  useGetCashUpQuery,
  useSignOffCashUpMutation,
  type CashUpEntryView,
  type CashUpRunView,
} from '@larder/shared-state';
import { Badge, Button, EmptyState, Skeleton, useDocumentTitle } from '@larder/shared-ui';

const PRINT_PAGE = '@page { size: A4 portrait; margin: 12mm; }';

/** A variance in words: "£2.00 short", "£1.50 over", "None". */
function varianceText(variance: number): string {
  if (variance === 0) return 'None';
  return variance < 0 ? `${formatPounds(-variance)} short` : `${formatPounds(variance)} over`;
}

/** One line of a run's history: "Signed off by Mo, 24 Nov 10:05: handed in £0.00 of £5.74 (£5.74 short: reason)". */
function historyText(entry: CashUpEntryView): string {
  const when = formatOrderTime(entry.at);
  if (entry.kind === 'reopened') return `Reopened, ${when}: an outcome was recorded after the entry before`;
  const what = entry.kind === 'correction' ? 'Corrected' : 'Signed off';
  const variance = entry.variance === null || entry.variance === 0 ? '' : `, ${varianceText(entry.variance)}`;
  return (
    `${what} by ${entry.by}, ${when}: handed in ${formatPounds(entry.handedIn ?? 0)} of ` +
    `${formatPounds(entry.cash ?? 0)} cash kept${variance}${entry.reason ? ` (${entry.reason})` : ''}`
  );
}

/** /seller/cash-up?date=: each run's figures, the cash counted in, its variance and sign-off; printable. */
export default function CashUpPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? londonIsoString(new Date()).slice(0, 10);
  const valid = parseIsoDate(date) !== undefined;
  useDocumentTitle(`Cash-up ${date}`);
  const { data, isLoading, isError, error, refetch } = useGetCashUpQuery({ date }, { skip: !valid });
  const dateId = useId();

  return (
    <article className="flex flex-col gap-4 text-gray-900 print:text-[10pt]">
      <style>{PRINT_PAGE}</style>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Cash-up</h1>
          <p className="text-gray-700">{valid ? formatDeliveryDate(date) : 'Choose a date'}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2 print:hidden">
          <label htmlFor={dateId} className="flex flex-col text-sm font-medium">
            Delivery date
            <input
              id={dateId}
              type="date"
              className="min-h-10 rounded border border-gray-400 px-2"
              value={date}
              onChange={(e) => e.target.value && setParams({ date: e.target.value })}
            />
          </label>
          <Button size="sm" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </header>
      {isLoading ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">Loading the cash-up</span>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : isError || !data ? (
        <EmptyState
          title="The cash-up could not be loaded"
          message={errorMessage(error, MESSAGES.somethingWentWrong)}
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : data.runs.length === 0 ? (
        <EmptyState title="No runs" message="Nothing was delivered or attempted on this date." />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.runs.map((run) => (
            <Run key={run.time} date={date} run={run} />
          ))}
        </ul>
      )}
    </article>
  );
}

function Run({ date, run }: { date: string; run: CashUpRunView }) {
  const headingId = useId();
  const formId = useId();
  const [handedIn, setHandedIn] = useState(run.handedIn === null ? '' : run.handedIn.toFixed(2));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [signOff, { isLoading }] = useSignOffCashUpMutation();
  const counted = Number(handedIn);
  const countedPence = handedIn.trim() ? poundsToPence(counted) : undefined;
  const preview = countedPence === undefined ? undefined : countedPence - (poundsToPence(run.cash) ?? 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (countedPence === undefined || counted < 0) return setProblem('Enter the cash counted in, e.g. 48.50');
    if ((preview !== 0 || run.signedOff) && !hasVisibleText(reason))
      return setProblem(
        run.signedOff ? MESSAGES.cashUpCorrectionReasonRequired : MESSAGES.cashUpReasonRequired,
      );
    setProblem(undefined);
    try {
      await signOff({
        cashUpDto: {
          date,
          time: run.time,
          handedIn: counted,
          ...(reason.trim() && { reason: reason.trim() }),
        },
      }).unwrap();
      setReason('');
      toast.success(run.signedOff ? 'Correction recorded' : 'Run signed off');
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.somethingWentWrong));
    }
  }

  return (
    <li
      className="rounded-lg border border-gray-300 bg-white p-4 print:break-inside-avoid"
      aria-labelledby={headingId}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Run {run.time}
        </h2>
        {run.signedOff ? (
          <Badge tone="success">Signed off</Badge>
        ) : run.reopened ? (
          <Badge tone="warning">Reopened</Badge>
        ) : (
          <Badge tone="warning">Not signed off</Badge>
        )}
      </div>
      {run.reopened && (
        <p className="mt-1 text-sm font-medium text-amber-900">
          A delivery was recorded after this run was signed off: count its cash again and sign it off.
        </p>
      )}
      <p className="text-sm text-gray-700">
        Drivers: {run.drivers.length ? run.drivers.map((d) => d.name).join(', ') : 'none recorded'}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-gray-700">Delivered</dt>
        <dd className="font-medium">{run.delivered}</dd>
        <dt className="text-gray-700">Not delivered</dt>
        <dd className="font-medium">{run.failed}</dd>
        <dt className="text-gray-700">Due</dt>
        <dd className="font-medium">{formatPounds(run.due)}</dd>
        <dt className="text-gray-700">Card</dt>
        <dd className="font-medium">{formatPounds(run.card)}</dd>
        <dt className="text-gray-700">Cash kept</dt>
        <dd className="font-medium">{formatPounds(run.cash)}</dd>
        <dt className="text-gray-700">Cash handed in</dt>
        <dd className="font-medium">{run.handedIn === null ? '–' : formatPounds(run.handedIn)}</dd>
        <dt className="text-gray-700">Variance</dt>
        <dd>
          {run.variance === null ? (
            '–'
          ) : (
            <span
              className={
                run.variance === 0 ? 'font-medium' : 'rounded bg-red-100 px-1 font-semibold text-red-800'
              }
            >
              {varianceText(run.variance)}
            </span>
          )}
        </dd>
      </dl>
      {run.signedOff && (
        <p className="mt-2 text-sm text-gray-800">
          Signed off by {run.signedOff.by}, {formatOrderTime(run.signedOff.at)}
          {run.reason ? `. Reason: ${run.reason}` : ''}
          {run.corrections > 0
            ? ` (${run.corrections === 1 ? '1 correction' : `${run.corrections} corrections`})`
            : ''}
        </p>
      )}
      {run.history.length > 0 && (
        <details className="mt-2 text-sm text-gray-800">
          <summary className="cursor-pointer font-medium">History ({run.history.length})</summary>
          <ol className="mt-1 list-decimal pl-5" aria-label="Cash-up history">
            {run.history.map((entry) => (
              <li key={`${entry.kind} ${entry.at}`}>{historyText(entry)}</li>
            ))}
          </ol>
        </details>
      )}
      <form
        className="mt-3 flex flex-wrap items-end gap-3 print:hidden"
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <label htmlFor={`${formId}-in`} className="flex flex-col text-sm font-medium">
          Cash handed in (£)
          <input
            id={`${formId}-in`}
            inputMode="decimal"
            className="min-h-10 w-32 rounded border border-gray-400 px-2"
            value={handedIn}
            onChange={(e) => setHandedIn(e.target.value)}
          />
        </label>
        <label htmlFor={`${formId}-reason`} className="flex min-w-56 flex-1 flex-col text-sm font-medium">
          {run.signedOff ? 'Why the correction' : 'Reason for a difference'}
          <input
            id={`${formId}-reason`}
            className="min-h-10 rounded border border-gray-400 px-2"
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
          />
        </label>
        <Button type="submit" loading={isLoading} disabled={run.delivered === 0}>
          {run.signedOff ? 'Record a correction' : 'Sign off'}
        </Button>
        {preview !== undefined && preview !== 0 && (
          <p className="w-full text-sm font-medium text-red-800">Variance: {varianceText(preview / 100)}</p>
        )}
        {problem && (
          <p role="alert" className="w-full text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </form>
    </li>
  );
}
