import { useEffect, useState, type ChangeEvent } from 'react';
import { cx } from '@larder/shared-ui';
import { UploadIcon } from './icons';

export interface ImageSlotProps {
  index: number;
  file: File | null;
  onChange: (file: File | null) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/** A preview URL for a chosen file, revoked when the file changes or the slot goes away. */
function usePreviewUrl(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** One of the product's image slots: a labelled file input shown as a tile with the chosen picture. */
export function ImageSlot({ index, file, onChange, invalid, describedBy, disabled }: ImageSlotProps) {
  const preview = usePreviewUrl(file);
  const label = `Product image ${index + 1}`;
  const inputId = `product-image-${index + 1}`;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared so that picking the same file again still counts as a change.
    event.target.value = '';
    if (chosen) onChange(chosen);
  };

  return (
    <div className="flex min-w-0 flex-col items-center gap-1">
      <input
        id={inputId}
        type="file"
        accept="image/*"
        aria-label={label}
        className="peer sr-only"
        onChange={choose}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      />
      <label
        htmlFor={inputId}
        className={cx(
          'relative flex aspect-square w-full cursor-pointer items-center justify-center overflow-hidden rounded-lg border-2 border-dashed bg-gray-50 text-gray-500',
          'transition-colors hover:border-primary hover:text-primary',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary',
          invalid ? 'border-danger' : file ? 'border-solid border-gray-300' : 'border-gray-300',
        )}
      >
        <span className="sr-only">{label}</span>
        {preview ? (
          <img src={preview} alt="" className="h-full w-full object-cover" />
        ) : (
          <span className="flex flex-col items-center gap-1 text-xs" aria-hidden="true">
            <UploadIcon className="h-6 w-6" />
            Upload
          </span>
        )}
      </label>
      {file ? (
        <button
          type="button"
          onClick={() => onChange(null)}
          disabled={disabled}
          className="rounded px-1 text-xs font-medium text-danger underline-offset-2 hover:underline"
        >
          Remove<span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      ) : (
        <span className="text-xs text-gray-600" aria-hidden="true">
          {index + 1}
        </span>
      )}
    </div>
  );
}
