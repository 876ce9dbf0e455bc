import { Skeleton } from '@larder/shared-ui';

/** What a page looks like while its part of the shop loads: a header bar and a grid of cards. */
export function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="min-h-screen">
      <span className="sr-only">Loading…</span>
      <div className="flex h-16 items-center justify-between border-b border-gray-200 px-4 md:px-16 lg:px-24 xl:px-32">
        <Skeleton className="h-8 w-28" />
        <div className="hidden gap-6 md:flex">
          <Skeleton className="h-4 w-14" />
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-4 w-16" />
        </div>
        <Skeleton className="h-9 w-24 rounded-full" />
      </div>
      <div className="px-4 py-8 md:px-16 lg:px-24 xl:px-32">
        <Skeleton className="h-40 w-full md:h-64" />
        <div className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5">
          {Array.from({ length: 5 }, (_, index) => (
            <div key={index} className="space-y-3 rounded-md border border-gray-200 p-3">
              <Skeleton className="aspect-square w-full" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
