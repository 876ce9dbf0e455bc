import type { ReactNode } from 'react';
import { MESSAGES } from '@larder/shared-domain';
import { Button, EmptyState } from '@larder/shared-ui';
import { ProductCard, ProductGrid, ProductGridSkeleton } from './ProductCard';
import type { Product } from './useProducts';

interface ProductListingProps {
  /** The products to list, in order. */
  products: Product[];
  /** Shows card skeletons while the catalogue loads. */
  isLoading: boolean;
  /** Shows a "couldn't load" message with a retry button. */
  isError: boolean;
  onRetry: () => void;
  /** Shown when the catalogue has loaded and there is nothing to list. */
  empty: ReactNode;
  /** Level of the card and message headings: 2 right under the page's h1, 3 inside a section. */
  headingLevel?: 2 | 3;
  /** How many cards load their image at once: those above the fold (by default the first row, up to five). */
  eagerCount?: number;
  /** How many card skeletons stand in while loading. */
  skeletonCount?: number;
  /** What the skeletons tell a screen reader while loading. */
  loadingLabel?: string;
  /** The first card's picture is the page's largest content on arrival: fetch it first. */
  priorityFirst?: boolean;
}

/** A grid of product cards with its loading, error and empty states. */
export function ProductListing({
  products,
  isLoading,
  isError,
  onRetry,
  empty,
  headingLevel = 2,
  eagerCount = 5,
  skeletonCount,
  loadingLabel,
  priorityFirst = false,
}: ProductListingProps) {
  if (isLoading) return <ProductGridSkeleton count={skeletonCount} label={loadingLabel} />;
  if (isError) {
    return (
      <EmptyState
        headingLevel={headingLevel}
        title={MESSAGES.shopProductsLoadFailed}
        message="Please check your connection and try again."
        action={<Button onClick={onRetry}>Try again</Button>}
      />
    );
  }
  if (products.length === 0) return <>{empty}</>;
  return (
    <ProductGrid>
      {products.map((product, index) => (
        <ProductCard
          key={product._id}
          product={product}
          eager={index < eagerCount}
          priority={priorityFirst && index === 0}
          headingLevel={headingLevel}
        />
      ))}
    </ProductGrid>
  );
}
