import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MESSAGES, REGULARS_MESSAGES, matchesFoodFilters } from '@larder/shared-domain';
import { selectCartQuantity, skipToken, useAppStore, useFavouritesQuery } from '@larder/shared-state';
import { Button, EmptyState, Skeleton, buttonClasses, useDocumentTitle } from '@larder/shared-ui';
import { FoodFiltersForm, hasFoodFilters, useFoodFilters } from '../../components/FoodFilters';
import { ProductListing } from '../../components/ProductListing';
import { SignInGate } from '../../components/SignInGate';
import { canBuy } from '../../components/stock';
import { useCartActions } from '../../components/useCartActions';

const TITLE = 'Favourites';

/** /favourites: the customer's favourite products (newest first), the free-from filters and "Add all to basket". */
export default function FavouritesPage() {
  useDocumentTitle(TITLE);
  return (
    // One component in both places: the page keeps its layout (and the filters their state) as the session
    // answers, and only the cards' skeletons give way to the cards.
    <SignInGate title={TITLE} loading={<Favourites session="loading" />}>
      {() => <Favourites />}
    </SignInGate>
  );
}

function Heading() {
  return (
    <div>
      <h1 className="text-2xl font-semibold text-gray-900 md:text-3xl">{TITLE}</h1>
      <div className="mt-1 h-0.5 w-16 rounded-full bg-primary" />
    </div>
  );
}

/** The favourites; while the session is still `loading`, the same page with skeletons where they will be. */
function Favourites({ session = 'ready' }: { session?: 'loading' | 'ready' }) {
  const waiting = session === 'loading';
  const query = useFavouritesQuery(waiting ? skipToken : undefined);
  const { data, isError, refetch } = query;
  const isLoading = waiting || query.isLoading;
  const filters = useFoodFilters();
  const cart = useCartActions();
  const store = useAppStore();
  const [outcome, setOutcome] = useState<string | null>(null);
  const favourites = data?.products ?? [];
  const shown = favourites.filter((product) => matchesFoodFilters(product, filters));

  const addAll = () => {
    const added: string[] = [];
    const left: string[] = [];
    for (const product of shown) {
      if (!canBuy(product)) {
        left.push(product.name);
        continue;
      }
      // What is in the basket already stays as it is.
      if (selectCartQuantity(store.getState(), product._id) > 0) continue;
      cart.add(product._id, product);
      added.push(product.name);
    }
    const parts = [
      added.length === 1
        ? '1 product added to your basket.'
        : `${added.length} products added to your basket.`,
    ];
    if (left.length) parts.push(`Not added, out of stock: ${left.join(', ')}.`);
    setOutcome(parts.join(' '));
  };

  return (
    <section className="py-8 md:py-12">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Heading />
        {shown.length > 0 && (
          <Button onClick={addAll} data-testid="add-all-to-basket">
            Add all to basket
          </Button>
        )}
        {isLoading && <Skeleton className="h-11 w-40" />}
      </div>
      <p role="status" className="mt-3 min-h-6 text-sm text-gray-700">
        {outcome}
      </p>
      <div className="mt-3">
        <FoodFiltersForm />
      </div>
      <div className="mt-6 md:mt-8">
        <ProductListing
          products={shown}
          isLoading={isLoading}
          skeletonCount={5}
          loadingLabel="Loading your favourites"
          isError={isError}
          onRetry={() => void refetch()}
          empty={
            <EmptyState
              title={
                hasFoodFilters(filters) && favourites.length
                  ? MESSAGES.noProductsMatchFilters
                  : REGULARS_MESSAGES.noFavourites
              }
              action={
                <Link to="/products" className={buttonClasses({ variant: 'secondary' })}>
                  Browse products
                </Link>
              }
            />
          }
        />
      </div>
    </section>
  );
}
