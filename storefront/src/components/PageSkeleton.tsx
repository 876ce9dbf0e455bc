import { Skeleton, SkeletonText } from '@larder/shared-ui';

/** What a page shows while its code loads: a heading bar and a few blocks, never a blank screen. */
export function PageSkeleton() {
  return (
    <div role="status" aria-busy="true" className="py-10">
      <span className="sr-only">Loading page</span>
      <Skeleton className="h-8 w-56" />
      <SkeletonText lines={2} className="mt-6 max-w-xl" />
      <div className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="aspect-square w-full" />
        ))}
      </div>
    </div>
  );
}
