import { useState, type ComponentPropsWithoutRef } from 'react';
import { cx } from '../cx';

export interface ProductImageProps extends Omit<
  ComponentPropsWithoutRef<'img'>,
  'src' | 'alt' | 'width' | 'height'
> {
  src: string | undefined;
  alt: string;
  /** Intrinsic size, so the browser reserves the space before the image arrives. */
  width: number;
  height: number;
  /** 'lazy' below the fold; 'eager' for the first images a page shows. */
  loading?: 'lazy' | 'eager';
  /** Ask the browser to fetch this one first (the main image of a page). */
  priority?: boolean;
}

/** A product photo: intrinsic size, responsive width, async decoding and a neutral box when missing. */
export function ProductImage({
  src,
  alt,
  width,
  height,
  loading = 'lazy',
  priority = false,
  className,
  ...props
}: ProductImageProps) {
  // Remembers which src failed, so a new src gets its own try.
  const [failedSrc, setFailedSrc] = useState<string>();
  if (!src || failedSrc === src) {
    // Without alt text the picture is decoration, so the placeholder is hidden from assistive technology.
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        style={{ aspectRatio: `${width} / ${height}` }}
        className={cx('flex w-full items-center justify-center bg-gray-100 text-gray-400', className)}
      >
        <svg
          viewBox="0 0 24 24"
          className="h-1/3 w-1/3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
          aria-hidden="true"
        >
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 16-5-5-9 9" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : loading}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      onError={() => setFailedSrc(src)}
      className={cx('h-auto max-w-full object-contain', className)}
      {...props}
    />
  );
}
