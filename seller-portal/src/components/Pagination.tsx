import { Button } from '@larder/shared-ui';

export interface PaginationProps {
  /** What the pages are of, e.g. "Contact messages": names the navigation landmark. */
  label: string;
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** While the next page loads: both buttons wait. */
  busy?: boolean;
}

/** The first page is the list's default, asked for without parameters. */
export function pageArg(page: number): { page?: number } {
  return page > 1 ? { page } : {};
}

/**
 * Previous / Next with "Page N of M" between them, for a list longer than one page; nothing for a list that
 * fits on one. The position is announced politely when it changes.
 */
export function Pagination({ label, page, totalPages, onPageChange, busy = false }: PaginationProps) {
  if (!(totalPages > 1) && page <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || page <= 1}
        onClick={() => onPageChange(Math.min(page - 1, totalPages))}
      >
        Previous
      </Button>
      <p className="text-sm text-gray-700" aria-live="polite">
        Page {page} of {totalPages}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={busy || page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
