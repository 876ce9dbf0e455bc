import { useEffect, useState } from 'react';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  formatOrderTime,
  STAFF_ROLE_LABELS,
  type ActivityKind,
} from '@larder/shared-domain';
import { useListActivityQuery, type ListActivityApiArg, errorMessage } from '@larder/shared-state';
import { Badge, Button, EmptyState, Select, Skeleton, TextInput, useDocumentTitle } from '@larder/shared-ui';
import { ActivityIcon } from '../../components/icons';
import { Pagination } from '../../components/Pagination';

const KIND_OPTIONS = ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] }));

interface Filters {
  actor: string;
  kind: '' | ActivityKind;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { actor: '', kind: '', from: '', to: '' };

/** The query of a page of entries: only the filters that are set. */
function activityArg(page: number, filters: Filters): ListActivityApiArg {
  return {
    ...(page > 1 ? { page } : {}),
    ...(filters.actor ? { actor: filters.actor } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

/** Who changed what in the seller area and when, newest first, by person, kind and date. */
export default function ActivityPage() {
  useDocumentTitle('Activity');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, error, refetch } = useListActivityQuery(
    activityArg(page, filters),
    { refetchOnMountOrArgChange: true },
  );
  useEffect(() => {
    if (data && page > data.totalPages) setPage(data.totalPages);
  }, [data, page]);

  const set = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">Activity</h1>
        <p className="mt-1 text-sm text-gray-600">
          Every change made in the seller area: who made it, when, and the values before and after. Entries
          are kept for two years and cannot be changed.
        </p>
      </div>
      <form
        aria-label="Filter the activity"
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => event.preventDefault()}
      >
        <Select
          label="Person"
          value={filters.actor}
          placeholder="Everyone"
          options={(data?.people ?? []).map((person) => ({
            value: person._id,
            label: `${person.name} (${STAFF_ROLE_LABELS[person.role]})`,
          }))}
          onChange={(event) => set({ actor: event.target.value })}
        />
        <Select
          label="Kind"
          value={filters.kind}
          placeholder="Everything"
          options={KIND_OPTIONS}
          onChange={(event) => set({ kind: event.target.value as Filters['kind'] })}
        />
        <TextInput
          label="From"
          type="date"
          value={filters.from}
          onChange={(event) => set({ from: event.target.value })}
        />
        <TextInput
          label="To"
          type="date"
          value={filters.to}
          onChange={(event) => set({ to: event.target.value })}
        />
        {filtered && (
          <div className="sm:col-span-2 lg:col-span-4">
            <Button type="button" variant="ghost" size="sm" onClick={() => set(NO_FILTERS)}>
              Clear filters
            </Button>
          </div>
        )}
      </form>
      <section aria-labelledby="activity-heading" aria-busy={isFetching} className="flex flex-col gap-3">
        <h2 id="activity-heading" className="sr-only">
          Entries
        </h2>
        {isLoading ? (
          <>
            <p role="status" className="sr-only">
              Loading the activity
            </p>
            <div className="flex flex-col gap-2" aria-hidden="true">
              {Array.from({ length: 4 }, (_, index) => (
                <Skeleton key={index} className="h-14 w-full" />
              ))}
            </div>
          </>
        ) : isError && !data ? (
          <div role="alert" className="rounded-xl border border-danger-soft p-4">
            <p className="text-sm text-danger">{errorMessage(error, 'The activity could not be loaded.')}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : !data || data.entries.length === 0 ? (
          <EmptyState
            headingLevel={3}
            icon={<ActivityIcon className="h-12 w-12" />}
            title={filtered ? 'Nothing matches these filters' : 'Nothing yet'}
            message="Changes made in the seller area appear here, newest first."
            className="rounded-xl border border-dashed border-gray-300"
          />
        ) : (
          <ol className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {data.entries.map((entry, index) => (
              <li
                key={`${entry.at}-${index}`}
                className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4"
              >
                <time dateTime={entry.at} className="shrink-0 text-sm text-gray-600 sm:w-40">
                  {formatOrderTime(entry.at)}
                </time>
                <p className="shrink-0 text-sm sm:w-48">
                  <span className="font-medium text-gray-900">{entry.actor.name}</span>
                  {entry.actor.role && (
                    <span className="text-gray-600"> · {STAFF_ROLE_LABELS[entry.actor.role]}</span>
                  )}
                </p>
                <p className="min-w-0 flex-1 text-sm wrap-anywhere text-gray-800">
                  <Badge tone="neutral" className="mr-2">
                    {ACTIVITY_KIND_LABELS[entry.kind]}
                  </Badge>
                  {entry.summary}
                </p>
              </li>
            ))}
          </ol>
        )}
        {data && (
          <Pagination
            label="Activity"
            page={page}
            totalPages={data.totalPages}
            onPageChange={setPage}
            busy={isFetching}
          />
        )}
      </section>
    </div>
  );
}
