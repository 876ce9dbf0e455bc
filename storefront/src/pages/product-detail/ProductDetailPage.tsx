import { useId, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import {
  MESSAGES,
  RELATED_PRODUCT_COUNT,
  categoryFromSlug,
  categoryText,
  formatPence,
  formatPounds,
  productScreenTitle,
} from '@larder/shared-domain';
import { selectCartQuantity, selectKnownMissing, useAppSelector } from '@larder/shared-state';
import {
  Badge,
  Button,
  buttonClasses,
  cx,
  EmptyState,
  ProductImage,
  Skeleton,
  SkeletonText,
  useDocumentTitle,
} from '@larder/shared-ui';
import { ProductCard, ProductGrid, categoryLink, productPath } from '../../components/ProductCard';
import { productImageSrcSet } from '../../components/product-images';
import { useRequireSignIn } from '../../components/RequireSignIn';
import { useCartActions } from '../../components/useCartActions';
import { toPence } from '../../lib/api-values';
import { useProducts, type Product } from '../../components/useProducts';
import { useMissingProduct, useShownProduct } from '../../components/shown-products';
import {
  LowStockNote,
  maxOrderable,
  PerOrderLimitNote,
  perOrderLimit,
  useShopLimit,
} from '../../components/stock';
import { FoodInformation } from './FoodInformation';
import { NutritionInformation } from './NutritionInformation';
import { useShopBusiness } from '../../components/BusinessDetails';
import { AgeRestrictedNote, DietMarks, UnitPrice } from '../../components/food-marks';
import { PromotionBadge } from '../../components/PromotionBadge';
import { shelfPrice } from '../../components/ShelfPrice';
import { FavouriteButton } from '../../components/FavouriteButton';

export default function ProductDetailPage() {
  const { category: slug = '', id = '' } = useParams();
  const { byId, inStock, isLoading, isError, refetch, complete } = useProducts();
  const product = byId.get(id);
  useShownProduct(product?._id);
  // Missing from the whole catalogue when the server rendered the page: "not found" at once, as the server drew it.
  const knownMissing = useAppSelector((state) => selectKnownMissing(state, id));
  const whole = complete || knownMissing;
  useMissingProduct(id, !product && whole && !isLoading && !isError);
  // The same title the server sent with the page (backend/src/web/seo.ts).
  useDocumentTitle(
    product
      ? productScreenTitle(product)
      : isLoading || (!whole && !isError)
        ? 'Loading product'
        : MESSAGES.productNotFound,
  );

  // Not in a catalogue that is not whole yet (a page the server sent with only its own products): wait for it.
  if (isLoading || (!product && !whole && !isError)) return <ProductDetailSkeleton />;
  if (isError && !product) {
    return (
      <EmptyState
        headingLevel={2}
        title={MESSAGES.productLoadFailed}
        message="Please check your connection and try again."
        action={<Button onClick={refetch}>Try again</Button>}
      />
    );
  }
  if (!product) {
    return (
      <section className="py-10">
        <h1 className="sr-only">{MESSAGES.productNotFound}</h1>
        <EmptyState
          title={MESSAGES.productNotFound}
          message="This product is no longer available."
          action={
            <Link
              to={categoryFromSlug(slug) ? `/products/${slug.toLowerCase()}` : '/products'}
              className={buttonClasses({ variant: 'secondary' })}
            >
              Browse similar products
            </Link>
          }
        />
      </section>
    );
  }
  if (slug !== categoryLink(product.category)) return <Navigate to={productPath(product)} replace />;

  const related = inStock
    // Products the shopper did not ask for: no less healthy ones while the food promotion rules apply.
    .filter(
      (other) =>
        other.category === product.category && other._id !== product._id && other.primePlaces !== false,
    )
    .slice(0, RELATED_PRODUCT_COUNT);

  return (
    <div className="py-6 md:py-10">
      <Breadcrumbs product={product} />
      <ProductDetail key={product._id} product={product} />
      <section aria-labelledby="related-heading" className="below-fold mt-16">
        <div className="flex flex-col items-center text-center">
          <h2 id="related-heading" className="text-2xl font-semibold text-gray-900 md:text-3xl">
            Related Products
          </h2>
          <div className="mt-1 h-0.5 w-16 rounded-full bg-primary" />
        </div>
        {related.length > 0 ? (
          <ProductGrid className="mt-6">
            {related.map((other) => (
              <ProductCard key={other._id} product={other} />
            ))}
          </ProductGrid>
        ) : (
          <p className="mt-6 text-center text-gray-600">No other products in this category right now.</p>
        )}
        <div className="mt-8 flex justify-center">
          <Link
            to={`/products/${categoryLink(product.category)}`}
            className={buttonClasses({ variant: 'secondary', className: 'rounded-full px-10' })}
          >
            See more
            {/* Where it leads, for screen readers and search engines ("See more" alone says nothing). */}
            <span className="sr-only"> {categoryText(product.category)}</span>
          </Link>
        </div>
      </section>
    </div>
  );
}

function Breadcrumbs({ product }: { product: Product }) {
  const crumb = 'hover:text-primary hover:underline';
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-gray-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link to="/" className={crumb}>
            Home
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to="/products" className={crumb}>
            Products
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li>
          <Link to={`/products/${categoryLink(product.category)}`} className={crumb}>
            {categoryText(product.category)}
          </Link>
        </li>
        <li aria-hidden="true">/</li>
        <li aria-current="page" className="font-medium text-primary">
          {product.name}
        </li>
      </ol>
    </nav>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const [selected, setSelected] = useState(0);
  const quantity = useAppSelector((state) => selectCartQuantity(state, product._id));
  const cart = useCartActions();
  const requireSignIn = useRequireSignIn();
  const navigate = useNavigate();
  const shop = useShopBusiness();
  const images = product.image.length > 0 ? product.image : [undefined];
  const main = images[Math.min(selected, images.length - 1)];
  // Shoppers are shown prices with VAT (Price Marking Order 2004): the MRP, the offer and the saving all hold it.
  // During a reduction the offer price is the reduced one, and the struck price what it was sold at before.
  const shown = shelfPrice(product);
  const saving = toPence(shown.priceWithVat) - toPence(shown.offerPriceWithVat);
  const max = maxOrderable(product, useShopLimit());
  const atStock = max > 0 && quantity >= max;
  const limitId = useId();
  const limited = max > 0 && perOrderLimit(product) !== null;

  // A visitor is asked to sign in first; the Add or Buy now is then done (see useRequireSignIn).
  const addToCart = () => requireSignIn(() => cart.add(product._id, product), { afterSignIn: true });
  const buyNow = () =>
    requireSignIn(
      () => {
        if (quantity === 0) cart.add(product._id, product);
        navigate('/cart');
      },
      { afterSignIn: true },
    );

  return (
    <div className="mt-4 flex flex-col gap-8 md:flex-row md:gap-12">
      {/* Its own height beside the long food information, and in view while that is read. The main picture comes
          before the thumbnails in the markup, as on a phone's screen: a browser that paints the part of the page
          it has parsed so far never shows the thumbnails where the picture will be (a layout shift). */}
      <div className="flex flex-col gap-3 sm:flex-row-reverse md:sticky md:top-4 md:w-1/2 md:self-start">
        <div className="flex flex-1 items-center justify-center overflow-hidden rounded-lg border border-gray-200">
          <ProductImage
            src={main}
            srcSet={productImageSrcSet(main)}
            sizes="(min-width: 768px) 40vw, 92vw"
            alt={product.name}
            width={800}
            height={800}
            priority
            className="w-full"
          />
        </div>
        <ul className="flex gap-3 sm:flex-col" aria-label="Product pictures">
          {images.map((image, index) => (
            <li key={`${image}-${index}`}>
              <button
                type="button"
                onClick={() => setSelected(index)}
                aria-pressed={index === selected}
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                className={cx(
                  'block w-16 overflow-hidden rounded-md border-2 sm:w-20',
                  index === selected ? 'border-primary' : 'border-gray-200 hover:border-gray-400',
                )}
              >
                <ProductImage
                  src={image}
                  srcSet={productImageSrcSet(image)}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={80}
                  className="w-full"
                />
              </button>
            </li>
          ))}
        </ul>
      </div>

      <div className="md:w-1/2">
        <p className="text-sm text-gray-600">{categoryText(product.category)}</p>
        <div className="mt-1 flex items-start justify-between gap-3">
          <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{product.name}</h1>
          <FavouriteButton product={product} size="md" className="shrink-0" />
        </div>
        <DietMarks product={product} className="mt-2" />
        <AgeRestrictedNote product={product} className="mt-2" />
        {max === 0 ? (
          <Badge tone="danger" className="mt-3">
            Out of stock
          </Badge>
        ) : (
          <LowStockNote product={product} className="mt-3" />
        )}

        <div className="mt-6 space-y-1">
          <p className="text-sm text-gray-600">
            {/* "Was" only for a price the shop really charged, and only when it is above today's. */}
            {saving > 0 ? shown.struckPriceLabel : 'RRP'}:{' '}
            {saving > 0 ? <del>{formatPounds(shown.priceWithVat)}</del> : formatPounds(shown.priceWithVat)}
          </p>
          <p className="flex flex-wrap items-baseline gap-2 text-gray-900">
            <span className="text-sm text-gray-600">Offer price:</span>
            <span className="text-2xl font-semibold">{formatPounds(shown.offerPriceWithVat)}</span>
            <UnitPrice product={shown} className="text-sm" />
            {saving > 0 && (
              <span className="text-sm font-medium text-primary">You save {formatPence(saving)}</span>
            )}
          </p>
          <p className="text-sm text-gray-600">
            {product.vat > 0 ? `Includes VAT at ${product.vat}%` : 'No VAT on this item'}
          </p>
          <PromotionBadge product={product} className="pt-2 text-sm" />
        </div>

        <h2 className="mt-8 text-base font-semibold text-gray-900">About Product</h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-gray-700">
          {product.description.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>

        {/* The buttons come right after the prices and description, above the long food information. */}
        <PerOrderLimitNote product={product} id={limitId} className="mt-6" />
        {quantity > 0 && (
          <p className="mt-6 text-sm text-gray-700" role="status">
            {quantity} in your cart
            {atStock && ' (the most you can order)'}
          </p>
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button
            variant="secondary"
            size="lg"
            fullWidth
            onClick={addToCart}
            disabled={max === 0 || atStock}
            aria-describedby={limited ? limitId : undefined}
          >
            Add to Cart
          </Button>
          <Button size="lg" fullWidth onClick={buyNow} disabled={max === 0}>
            Buy now
          </Button>
        </div>

        <FoodInformation
          ingredients={product.ingredients}
          allergens={product.allergens}
          allergensConfirmed={product.allergensConfirmed}
        />
        <NutritionInformation product={product} shop={shop} />
      </div>
    </div>
  );
}

function ProductDetailSkeleton() {
  return (
    <div className="py-6 md:py-10" role="status" aria-busy="true">
      <span className="sr-only">Loading product</span>
      <Skeleton className="h-4 w-64" />
      <div className="mt-4 flex flex-col gap-8 md:flex-row md:gap-12">
        <Skeleton className="aspect-square w-full md:w-1/2" />
        <div className="flex-1 space-y-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-3/4" />
          <Skeleton className="h-6 w-40" />
          <SkeletonText lines={3} />
          <div className="flex gap-3">
            <Skeleton className="h-12 flex-1" />
            <Skeleton className="h-12 flex-1" />
          </div>
        </div>
      </div>
    </div>
  );
}
