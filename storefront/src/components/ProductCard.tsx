/**
 * Shared storefront component: one product in a grid (home, listings, related products).
 * Shows image, category, name, price with its unit price, the 18+ note when restricted, and an Add / quantity control bound to the cart slice
 * (signed-in customers only; visitors get the sign-in prompt). Pass `eager` for cards above the fold.
 * ProductCardSkeleton is its loading placeholder; ProductGrid lays cards out responsively.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { categorySlug, categoryText, isCategoryPath } from '@larder/shared-domain';
import { selectCartQuantity, useAppSelector } from '@larder/shared-state';
import { ProductImage, QuantityStepper, Skeleton, cx } from '@larder/shared-ui';
import { productImageSrcSet } from './product-images';
import { useCartActions } from './useCartActions';
import type { Product } from './useProducts';
import { useRequireSignIn } from './RequireSignIn';
import { useShownProduct } from './shown-products';
import { LowStockNote, maxOrderable, useShopLimit } from './stock';
import { AgeRestrictedNote, UnitPrice } from './food-marks';
import { FavouriteButton } from './FavouriteButton';
import { PromotionBadge } from './PromotionBadge';
import { ShelfPrice, shelfPrice } from './ShelfPrice';

/** The route of a product's detail page. */
export function productPath(product: Pick<Product, '_id' | 'category'>): string {
  return `/products/${categoryLink(product.category)}/${product._id}`;
}

/** The route segment of a category key (lowercase path). */
export function categoryLink(category: string): string {
  return isCategoryPath(category) ? categorySlug(category) : category.toLowerCase();
}

interface ProductCardProps {
  product: Product;
  /** Load the image at once (first cards of a page); otherwise it loads lazily. */
  eager?: boolean;
  /** Level of the name heading: 2 when the card sits right under the page's h1. */
  headingLevel?: 2 | 3;
  /** The page's largest picture on arrival (first card of a listing): fetched before other pictures. */
  priority?: boolean;
}

export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  priority = false,
}: ProductCardProps) {
  const Heading = `h${headingLevel}` as const;
  useShownProduct(product._id);
  const quantity = useAppSelector((state) => selectCartQuantity(state, product._id));
  const cart = useCartActions();
  const requireSignIn = useRequireSignIn();
  const href = productPath(product);
  const max = maxOrderable(product, useShopLimit());

  return (
    <article
      className="group relative flex h-full flex-col rounded-lg border border-gray-200 bg-white p-3 transition-shadow hover:shadow-md md:p-4"
      data-testid="product-card"
    >
      <div className="flex aspect-square items-center justify-center overflow-hidden rounded-md">
        <ProductImage
          src={product.image[0]}
          srcSet={productImageSrcSet(product.image[0])}
          sizes="(min-width: 1280px) 16vw, (min-width: 640px) 30vw, 45vw"
          alt={product.name}
          width={240}
          height={240}
          loading={eager ? 'eager' : 'lazy'}
          priority={priority}
          className="max-h-full w-full transition-transform group-hover:scale-105"
        />
      </div>
      <div className="absolute right-2 top-2 z-10 md:right-3 md:top-3">
        <FavouriteButton product={product} />
      </div>
      <p className="mt-3 text-xs text-gray-600">{categoryText(product.category)}</p>
      <Heading className="mt-0.5 line-clamp-2 text-base font-medium text-gray-900">
        <Link
          to={href}
          className="rounded-sm after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-primary"
        >
          {product.name}
        </Link>
      </Heading>
      <LowStockNote product={product} className="mt-2 self-start" />
      <AgeRestrictedNote product={product} className="mt-2 self-start" />
      <PromotionBadge product={product} className="mt-2" />
      <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-3">
        <div className="flex flex-col">
          <ShelfPrice product={product} />
          <UnitPrice product={shelfPrice(product)} />
        </div>
        <div className="relative z-10">
          {quantity > 0 ? (
            <QuantityStepper
              value={quantity}
              min={0}
              max={Math.max(max, quantity)}
              size="sm"
              itemLabel={product.name}
              onChange={(next) =>
                next > quantity ? cart.add(product._id, product) : cart.decrement(product._id)
              }
            />
          ) : (
            <button
              type="button"
              onClick={() => requireSignIn(() => cart.add(product._id, product), { afterSignIn: true })}
              disabled={max === 0}
              aria-label={`Add ${product.name} to cart`}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-md border border-primary/40 bg-primary-soft/60 px-3 text-sm font-medium text-primary hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:border-gray-300 disabled:bg-gray-100 disabled:text-gray-600"
            >
              <CartIcon className="h-4 w-4" />
              Add
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="flex flex-col rounded-lg border border-gray-200 bg-white p-3 md:p-4" aria-hidden="true">
      <Skeleton className="aspect-square w-full" />
      <Skeleton className="mt-3 h-3 w-1/3" />
      <Skeleton className="mt-2 h-4 w-3/4" />
      <div className="mt-4 flex items-center justify-between">
        <Skeleton className="h-5 w-16" />
        <Skeleton className="h-9 w-16" />
      </div>
    </div>
  );
}

/** Responsive grid of product cards: 2 columns on phones up to 5 on wide screens. */
export function ProductGrid({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cx(
        'grid grid-cols-2 gap-3 sm:grid-cols-3 md:gap-5 lg:grid-cols-4 xl:grid-cols-5',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** A grid of `count` card skeletons with a status for screen readers. */
export function ProductGridSkeleton({
  count = 10,
  label = 'Loading products',
}: {
  count?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">{label}</span>
      <ProductGrid>
        {Array.from({ length: count }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </ProductGrid>
    </div>
  );
}

export function CartIcon({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      className={className}
      aria-hidden="true"
    >
      <path
        d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9.5" cy="20" r="1.2" />
      <circle cx="17.5" cy="20" r="1.2" />
    </svg>
  );
}
