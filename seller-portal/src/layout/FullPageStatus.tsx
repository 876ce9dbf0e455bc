import { Spinner } from '@larder/shared-ui';

/** A centred spinner for the moments before a screen can show anything. */
export function FullPageStatus({ label }: { label: string }) {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-primary">
      <Spinner size="lg" label={null} />
      <p role="status" className="text-sm text-gray-700">
        {label}
      </p>
    </div>
  );
}
