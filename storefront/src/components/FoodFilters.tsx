/**
 * Free-from and diet filters for a product list, kept in the URL (`?freeFrom=milk,gluten&diet=vegan`) so a
 * filtered list is server-rendered and shareable. Without JavaScript it is a plain GET form with a submit
 * button; once the page is live, ticking a box applies it at once and the button is hidden.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  ALLERGENS,
  DIETS,
  DIET_LABELS,
  parseFoodFilters,
  PROMOTION_TEXTS,
  type Diet,
  type FoodFilters as Filters,
} from '@larder/shared-domain';
import { Button } from '@larder/shared-ui';
import { productListSearch, readProductListSearch } from '../lib/products-url';

/** The filters in the page's URL. */
export function useFoodFilters(): Filters {
  const [params] = useSearchParams();
  return parseFoodFilters(params);
}

export function hasFoodFilters(filters: Filters): boolean {
  return Boolean(filters.freeFrom?.length || filters.diet || filters.onOffer);
}

/** Allergen names as a shopper reads them in "free from" ("gluten" rather than "cereals containing gluten"). */
const FREE_FROM_LABELS: Record<string, string> = { gluten: 'gluten', nuts: 'tree nuts' };

export function FoodFiltersForm() {
  const [params] = useSearchParams();
  const { q, filters } = readProductListSearch(params);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // Open while the shopper works in it (unticking the last box leaves it open); open at first with filters on.
  const [open, setOpen] = useState(() => hasFoodFilters(filters));

  const apply = (next: Filters) => {
    navigate(`${pathname}${productListSearch(q, next)}`, { replace: true, preventScrollReset: true });
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const checked = (name: string) =>
      Array.from(
        form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]:checked`),
        (input) => input.value,
      );
    const [diet] = checked('diet');
    apply({
      freeFrom: checked('freeFrom'),
      diet: (DIETS as readonly string[]).includes(diet ?? '') ? (diet as Diet) : undefined,
      onOffer: checked('onOffer').length > 0,
    });
  };
  const free = filters.freeFrom ?? [];

  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="rounded-lg border border-gray-200 bg-white"
    >
      <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-gray-900">
        Free from and diet filters
        {hasFoodFilters(filters) && (
          <span className="ml-2 font-normal text-gray-700">
            (
            {[
              ...(filters.freeFrom ?? []).map((id) => `no ${FREE_FROM_LABELS[id] ?? id}`),
              ...(filters.diet ? [DIET_LABELS[filters.diet]] : []),
              ...(filters.onOffer ? [PROMOTION_TEXTS.onOffer.toLowerCase()] : []),
            ].join(', ')}
            )
          </span>
        )}
      </summary>
      <form
        method="get"
        action={pathname}
        onChange={onChange}
        onSubmit={(event) => {
          event.preventDefault();
          onChange(event);
        }}
        className="border-t border-gray-200 p-4"
        aria-label="Filter products"
        data-testid="food-filters"
      >
        {q && <input type="hidden" name="q" value={q} />}
        <label className="mb-3 flex min-h-8 items-center gap-2 text-sm font-semibold text-gray-900">
          <input
            type="checkbox"
            name="onOffer"
            value="1"
            defaultChecked={filters.onOffer === true}
            key={`on-offer-${filters.onOffer === true}`}
            className="h-4 w-4 accent-primary"
          />
          {PROMOTION_TEXTS.onOffer}
        </label>
        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">Free from</legend>
          <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4 lg:grid-cols-7">
            {ALLERGENS.map((allergen) => (
              <label key={allergen.id} className="flex min-h-8 items-center gap-2 text-sm text-gray-800">
                <input
                  type="checkbox"
                  name="freeFrom"
                  value={allergen.id}
                  defaultChecked={free.includes(allergen.id)}
                  key={`${allergen.id}-${free.includes(allergen.id)}`}
                  className="h-4 w-4 accent-primary"
                />
                {FREE_FROM_LABELS[allergen.id] ?? allergen.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold text-gray-900">Diet</legend>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {(['', ...DIETS] as const).map((diet) => (
              <label key={diet || 'any'} className="flex min-h-8 items-center gap-2 text-sm text-gray-800">
                <input
                  type="radio"
                  name="diet"
                  value={diet}
                  defaultChecked={(filters.diet ?? '') === diet}
                  key={`${diet}-${(filters.diet ?? '') === diet}`}
                  className="h-4 w-4 accent-primary"
                />
                {diet ? DIET_LABELS[diet] : 'Any'}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-3 text-xs text-gray-600">
          Free from lists only products whose allergens the seller has confirmed.
        </p>
        {/* Hidden rather than removed once live, so hydration keeps every server-rendered node. */}
        <div className="mt-3" hidden={live}>
          <Button type="submit" size="sm">
            Apply filters
          </Button>
        </div>
      </form>
    </details>
  );
}
