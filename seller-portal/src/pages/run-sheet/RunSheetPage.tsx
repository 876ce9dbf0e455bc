import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  formatDeliveryDate,
  formatPence,
  isDeliverySlot,
  MESSAGES,
  parseIsoDate,
  RUN_SHEET_COLUMNS,
  runSheetStops,
} from '@larder/shared-domain';
import {
  errorMessage,
  selectSellerStaff,
  useApiUrl,
  useAppSelector,
  useGetRunQuery,
  useLiveOrders,
} from '@larder/shared-state';
import { Button, EmptyState, Skeleton, buttonClasses, useDocumentTitle } from '@larder/shared-ui';
import { useSellerPath } from '../../layout/SellerBase';
import { maySee } from '../../lib/role-access';

/** Printed run sheets are A4 with the shop's chrome hidden (SellerLayout hides its header and menu in print). */
const PRINT_PAGE = '@page { size: A4 portrait; margin: 12mm; }';

/** /seller/run-sheet?date=&time=: the stops of one delivery slot by postcode, to print or download as CSV. */
export default function RunSheetPage() {
  const [params] = useSearchParams();
  const date = params.get('date') ?? '';
  const time = params.get('time') ?? '';
  const valid = parseIsoDate(date) !== undefined && isDeliverySlot(time);
  useDocumentTitle(valid ? `Run sheet ${date} ${time}` : 'Run sheet');
  const sellerPath = useSellerPath();
  const csvUrl = useApiUrl(`/api/seller/run-sheet?${new URLSearchParams({ date, time }).toString()}`);
  const { pollingInterval } = useLiveOrders('seller', valid);
  // The slot's orders as the Run page reads them (owner, managers and drivers may; Picking is not a driver's).
  const { data, isLoading, isError, error, refetch } = useGetRunQuery(
    { date, time },
    { skip: !valid, pollingInterval },
  );
  const rows = useMemo(() => runSheetStops(data?.orders ?? []), [data]);
  // A member who may not see Picking (a driver) is offered their Run instead.
  const role = useAppSelector(selectSellerStaff)?.role ?? 'owner';
  const fromPicking = maySee(role, 'picking');
  const back = fromPicking
    ? `${sellerPath('picking')}?${new URLSearchParams({ date }).toString()}`
    : `${sellerPath('run')}?${new URLSearchParams(valid ? { date, time } : {}).toString()}`;

  if (!valid) {
    return fromPicking ? (
      <EmptyState
        title="Choose a slot"
        message="Open a run sheet from the Picking screen, one delivery slot at a time."
        action={
          <Link to={sellerPath('picking')} className={buttonClasses()}>
            Go to Picking
          </Link>
        }
      />
    ) : (
      <EmptyState
        title="Choose a slot"
        message="Open your run, one delivery slot at a time."
        action={
          <Link to={sellerPath('run')} className={buttonClasses()}>
            Go to Run
          </Link>
        }
      />
    );
  }

  return (
    <article className="run-sheet flex flex-col gap-4 text-gray-900 print:gap-2 print:text-[10pt]">
      <style>{PRINT_PAGE}</style>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold print:text-xl">Run sheet</h1>
          <p className="text-gray-700">
            {formatDeliveryDate(date)}, {time} · {rows.length === 1 ? '1 stop' : `${rows.length} stops`}, by
            postcode
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Link to={back} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            {fromPicking ? 'Back to Picking' : 'Back to Run'}
          </Link>
          <a href={csvUrl} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            Download CSV
          </a>
          <Button size="sm" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </header>

      {isLoading ? (
        <div role="status" aria-busy="true">
          <span className="sr-only">Loading the run sheet</span>
          <Skeleton className="h-32 w-full" />
        </div>
      ) : isError ? (
        <div role="alert" className="rounded-lg border border-danger/30 bg-danger-soft p-4 text-danger">
          <p>{errorMessage(error, MESSAGES.ordersLoadFailed)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <p className="text-gray-700">No deliveries in this slot.</p>
      ) : (
        <div className="overflow-x-auto print:overflow-visible">
          <table className="w-full border-collapse text-left text-sm print:text-[9pt]">
            <caption className="sr-only">
              Deliveries on {formatDeliveryDate(date)}, {time}, ordered by postcode
            </caption>
            <thead>
              <tr className="border-b-2 border-gray-800">
                {RUN_SHEET_COLUMNS.map(({ heading }) => (
                  <th key={heading} scope="col" className="px-2 py-2 align-bottom font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-b border-gray-300 align-top break-inside-avoid">
                  <td className="px-2 py-2 font-mono whitespace-nowrap">{row.reference}</td>
                  <td className="px-2 py-2">{row.customer}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{row.phone}</td>
                  <td className="px-2 py-2">{row.address}</td>
                  <td className="px-2 py-2 font-semibold whitespace-nowrap">{row.postcode}</td>
                  <td className="px-2 py-2">
                    <ul>
                      {row.items.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-2 py-2 text-right font-semibold whitespace-nowrap">
                    {formatPence(row.toCollect)}
                  </td>
                  <td className="px-2 py-2">{row.notes.join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
