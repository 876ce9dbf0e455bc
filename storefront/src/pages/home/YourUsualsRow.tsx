import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { selectIsSignedIn, skipToken, useAppSelector, useUsualsQuery } from '@larder/shared-state';
import { ProductCard, ProductGrid } from '../../components/ProductCard';

/** How many usuals the home page shows (the rest are on /usuals). */
const HOME_USUALS = 5;

/**
 * "Your usuals" on the home page, for a signed-in customer only. Fetched in the browser after the page has
 * mounted: the server-rendered home page (cached for visitors) never holds a customer's data.
 */
export function YourUsualsRow() {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const { data } = useUsualsQuery(mounted && signedIn ? undefined : skipToken);
  const usuals = data?.products ?? [];
  if (!mounted || !signedIn || usuals.length === 0) return null;

  return (
    <section aria-labelledby="usuals-heading">
      <div className="flex items-end justify-between gap-4">
        <h2 id="usuals-heading" className="text-2xl font-semibold text-gray-900 md:text-3xl">
          Your usuals
        </h2>
        <Link to="/usuals" className="rounded-sm text-sm font-medium text-primary hover:underline">
          See all your usuals
        </Link>
      </div>
      <ProductGrid className="mt-6">
        {usuals.slice(0, HOME_USUALS).map(({ product }) => (
          <ProductCard key={product._id} product={product} headingLevel={3} />
        ))}
      </ProductGrid>
    </section>
  );
}
