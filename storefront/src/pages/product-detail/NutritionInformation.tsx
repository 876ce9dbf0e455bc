import {
  NUTRITION_ROWS,
  REFERENCE_INTAKE_NOTE,
  TRAFFIC_LIGHT_NUTRIENTS,
  TRAFFIC_LIGHT_WORDS,
  businessResponsible,
  type ShopBusiness,
  formatPack,
  isDrinksCategory,
  MESSAGES,
  type Nutrition,
  type PackUnit,
  type TrafficLight,
  type TrafficLights,
} from '@larder/shared-domain';
import { cx } from '@larder/shared-ui';
import type { Product } from '../../components/useProducts';

const LIGHT_NAMES: Record<keyof TrafficLights, string> = {
  fat: 'Fat',
  saturates: 'Saturates',
  sugars: 'Sugars',
  salt: 'Salt',
};

/**
 * Each light as a tint with a dark border and dark text, so the word carries the meaning and the contrast
 * passes on every colour.
 */
const LIGHT_STYLES: Record<TrafficLight, string> = {
  low: 'border-green-800 bg-green-100 text-green-900',
  medium: 'border-amber-800 bg-amber-100 text-amber-900',
  high: 'border-red-800 bg-red-100 text-red-900',
};

function grams(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.toFixed(1)}g`;
}

/** The front-of-pack lights: each nutrient with its amount and its level in words. */
export function TrafficLightLabels({
  lights,
  nutrition,
  per,
}: {
  lights: TrafficLights;
  nutrition: Nutrition;
  per: '100g' | '100ml';
}) {
  return (
    <ul
      className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4"
      aria-label={`Front of pack nutrition per ${per}`}
    >
      {TRAFFIC_LIGHT_NUTRIENTS.map((key) => (
        <li
          key={key}
          className={cx('rounded-md border px-2 py-1.5 text-center text-sm', LIGHT_STYLES[lights[key]])}
          data-testid={`light-${key}`}
        >
          <span className="block font-medium">{LIGHT_NAMES[key]}</span>
          <span className="block tabular-nums">{grams(nutrition[key])}</span>
          <span className="block text-xs font-semibold uppercase">{TRAFFIC_LIGHT_WORDS[lights[key]]}</span>
        </li>
      ))}
    </ul>
  );
}

/** The nutrition table as a label prints it, per 100 g (or 100 ml). */
export function NutritionTable({ nutrition, per }: { nutrition: Nutrition; per: '100g' | '100ml' }) {
  const perText = per === '100ml' ? 'Per 100ml' : 'Per 100g';
  return (
    <table className="mt-3 w-full max-w-sm text-sm text-gray-800" data-testid="nutrition-table">
      <caption className="sr-only">Nutrition {perText.toLowerCase()}</caption>
      <thead>
        <tr className="border-b border-gray-300">
          <th scope="col" className="py-1 text-left font-semibold">
            Typical values
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            {perText}
          </th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-b border-gray-100">
          <th scope="row" className="py-1 text-left font-normal">
            Energy
          </th>
          <td className="py-1 text-right tabular-nums">
            {nutrition.energyKj}kJ / {nutrition.energyKcal}kcal
          </td>
        </tr>
        {NUTRITION_ROWS.filter((row) => row.key !== 'fibre' || nutrition.fibre !== null).map((row) => (
          <tr key={row.key} className="border-b border-gray-100">
            <th scope="row" className={cx('py-1 text-left font-normal', row.indent && 'pl-4')}>
              {row.label}
            </th>
            <td className="py-1 text-right tabular-nums">{grams(nutrition[row.key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "500g", or '' when the seller has given no pack size. */
function packText(product: Pick<Product, 'netQuantity' | 'unit'>): string {
  return formatPack(product.netQuantity, product.unit as PackUnit | null);
}

/**
 * Nutrition (traffic lights and table), storage, origin, the pack and the business responsible for the food:
 * what the label says, as the Food Information Regulations ask a shop to show before purchase.
 */
export function NutritionInformation({
  product,
  shop,
}: {
  product: Product;
  /** The shop's saved business details (legal name, address): named when the product gives no producer. */
  shop?: ShopBusiness | null;
}) {
  const nutrition = product.nutrition as Nutrition | null;
  // Alcoholic drinks (the shop's age-restricted products) never carry traffic lights: they would read as a
  // health claim, and such drinks need no nutrition declaration at all.
  const alcoholic = product.ageRestricted;
  const lights = alcoholic ? null : (product.trafficLights as TrafficLights | null);
  const per =
    isDrinksCategory(product.category) || product.unit === 'ml' || product.unit === 'l' ? '100ml' : '100g';
  const business = businessResponsible(product.producer, shop);
  return (
    <>
      {nutrition && (
        <section aria-labelledby="nutrition-heading" className="mt-8" data-testid="nutrition">
          <h2 id="nutrition-heading" className="text-base font-semibold text-gray-900">
            Nutrition
          </h2>
          {lights && <TrafficLightLabels lights={lights} nutrition={nutrition} per={per} />}
          <NutritionTable nutrition={nutrition} per={per} />
          <p className="mt-2 text-xs text-gray-600">{REFERENCE_INTAKE_NOTE}</p>
        </section>
      )}
      {!nutrition && alcoholic && (
        <section aria-labelledby="nutrition-heading" className="mt-8" data-testid="nutrition">
          <h2 id="nutrition-heading" className="text-base font-semibold text-gray-900">
            Nutrition
          </h2>
          <p className="mt-2 text-sm text-gray-700">{MESSAGES.nutritionNotRequiredForAlcohol}</p>
        </section>
      )}
      <section aria-labelledby="product-details-heading" className="mt-8">
        <h2 id="product-details-heading" className="text-base font-semibold text-gray-900">
          Product details
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm text-gray-700">
          {packText(product) && (
            <>
              <dt className="font-medium text-gray-900">Pack size</dt>
              <dd>{packText(product)}</dd>
            </>
          )}
          {product.storage && (
            <>
              <dt className="font-medium text-gray-900">Storage</dt>
              <dd>{product.storage}</dd>
            </>
          )}
          {product.origin && (
            <>
              <dt className="font-medium text-gray-900">Origin</dt>
              <dd>{product.origin}</dd>
            </>
          )}
          <dt className="font-medium text-gray-900">Business responsible</dt>
          <dd data-testid="business-responsible">
            {business.name}, {business.address}
          </dd>
        </dl>
      </section>
    </>
  );
}
