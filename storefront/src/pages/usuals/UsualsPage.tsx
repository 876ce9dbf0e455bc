import { Link } from 'react-router-dom';
import { MESSAGES, REGULARS_MESSAGES } from '@larder/shared-domain';
import { selectCartQuantity, useAppSelector, useUsualsQuery, type UsualView } from '@larder/shared-state';
import {
  Button,
  EmptyState,
  ProductImage,
  QuantityStepper,
  Skeleton,
  buttonClasses,
  useDocumentTitle,
} from '@larder/shared-ui';
import { productPath } from '../../components/ProductCard';
import { productImageSrcSet } from '../../components/product-images';
import { SignInGate } from '../../components/SignInGate';
import { maxOrderable, useShopLimit } from '../../components/stock';
import { useCartActions } from '../../components/useCartActions';
import { FavouriteButton } from '../../components/FavouriteButton';
import { ShelfPrice } from '../../components/ShelfPrice';

const TITLE = 'Your usuals';
const SUBTITLE = 'What you buy most often and most recently.';

const boughtDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** /usuals: what the customer buys most often and most recently, each with its quantity in the basket. */
export default function UsualsPage() {
  useDocumentTitle(TITLE);
  return (
    <SignInGate title={TITLE} loading={<UsualsLoading />}>
      {() => <Usuals />}
    </SignInGate>
  );
}

function Usuals() {
  const { data, isLoading, isError, refetch } = useUsualsQuery();
  if (isLoading) return <UsualsLoading />;
  const usuals = data?.products ?? [];
  return (
    <section className="mx-auto max-w-4xl py-8 md:py-12">
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-gray-600">{SUBTITLE}</p>
      {isError ? (
        <div role="alert" className="mt-6 rounded-lg border border-danger/30 bg-danger-soft p-4 text-danger">
          <p>{MESSAGES.somethingWentWrong}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : usuals.length === 0 ? (
        <EmptyState
          title={REGULARS_MESSAGES.noUsuals}
          action={
            <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
              Browse products
            </Link>
          }
        />
      ) : (
        <ul className="mt-6 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
          {usuals.map((usual) => (
            <UsualLine key={usual.product._id} usual={usual} />
          ))}
        </ul>
      )}
    </section>
  );
}

function UsualLine({ usual }: { usual: UsualView }) {
  const { product, timesBought, lastBought } = usual;
  const quantity = useAppSelector((state) => selectCartQuantity(state, product._id));
  const cart = useCartActions();
  const max = maxOrderable(product, useShopLimit());
  return (
    <li className="flex flex-wrap items-center gap-3 p-3 md:gap-4 md:p-4" data-testid="usual-line">
      <ProductImage
        src={product.image[0]}
        srcSet={productImageSrcSet(product.image[0])}
        sizes="64px"
        alt=""
        width={64}
        height={64}
        loading="lazy"
        className="h-16 w-16 shrink-0 rounded-md"
      />
      <div className="min-w-0 flex-1">
        <Link to={productPath(product)} className="font-medium text-gray-900 hover:text-primary">
          {product.name}
        </Link>
        <p className="text-sm text-gray-600">
          Bought {timesBought === 1 ? 'once' : `${timesBought} times`}, last on{' '}
          {boughtDate.format(new Date(lastBought))}
        </p>
        {!product.inStock && <p className="text-sm font-medium text-danger">Out of stock</p>}
      </div>
      <ShelfPrice product={product} />
      <div className="flex items-center gap-2">
        <QuantityStepper
          value={quantity}
          min={0}
          max={Math.max(max, quantity)}
          size="sm"
          itemLabel={product.name}
          disabled={max === 0 && quantity === 0}
          onChange={(next) =>
            next > quantity ? cart.add(product._id, product) : cart.decrement(product._id)
          }
        />
        <FavouriteButton product={product} />
      </div>
    </li>
  );
}

/** The usuals while they load: the heading and its line as the page has them, then lines shaped like its own. */
export function UsualsLoading() {
  return (
    <div className="mx-auto max-w-4xl py-8 md:py-12" aria-busy="true">
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      <p className="mt-1 text-gray-600">{SUBTITLE}</p>
      <p role="status" className="sr-only">
        Loading your usuals
      </p>
      <ul
        aria-hidden="true"
        className="mt-6 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white"
      >
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="flex flex-wrap items-center gap-3 p-3 md:gap-4 md:p-4">
            <Skeleton className="h-16 w-16 shrink-0" />
            <div className="min-w-0 flex-1 space-y-2">
              <Skeleton className="h-5 w-3/4 max-w-56" />
              <Skeleton className="h-4 w-full max-w-64" />
              {/* On a phone a line's name and purchases take more lines. */}
              <Skeleton className="h-4 w-1/2 md:hidden" />
              <Skeleton className="h-4 w-2/3 md:hidden" />
            </div>
            <Skeleton className="h-6 w-24" />
            <div className="flex items-center gap-2">
              <Skeleton className="h-9 w-24" />
              <Skeleton className="h-9 w-9 rounded-full" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
