import {
  HFSS_CATEGORIES,
  HFSS_CATEGORY_LABELS,
  HFSS_NOT_IN_SCOPE_LABEL,
  isLessHealthy,
  isHfssCategory,
  npmScore,
  proposeHfssCategory,
} from '@larder/shared-domain';
import { Button, Select, TextInput } from '@larder/shared-ui';
import {
  parseFruitVegNutsText,
  parseNutritionDraft,
  type DraftField,
  type ProductDraft,
} from '../lib/product-draft';

const HFSS_OPTIONS = HFSS_CATEGORIES.map((value) => ({ value, label: HFSS_CATEGORY_LABELS[value] }));

/** What the form says of the product's place under the food promotion rules, from what is typed. */
export function lessHealthyText(draft: ProductDraft): string {
  const nutrition = parseNutritionDraft(draft.nutrition);
  const fruitVegNuts = parseFruitVegNutsText(draft.fruitVegNuts);
  const score =
    nutrition && !('problems' in nutrition) && fruitVegNuts !== undefined
      ? npmScore(nutrition, fruitVegNuts)
      : null;
  const hfssCategory = isHfssCategory(draft.hfssCategory) ? draft.hfssCategory : null;
  const status = isLessHealthy({ hfssCategory, category: draft.category, npmScore: score });
  const scored =
    score === null
      ? 'Score unknown (needs the nutrition with fibre and the fruit, vegetables and nuts)'
      : `Score ${score}`;
  const verdict =
    status === true ? 'less healthy (HFSS)' : status === false ? 'not less healthy' : 'status unknown';
  return `${scored}: ${verdict}.`;
}

/**
 * The product's fruit, vegetable and nut content and its Schedule 1 category (SI 2021/1368), with the category the
 * shop proposes from the shop category and the name, and the nutrient profiling score worked out as typed.
 */
export function FoodPromotionFields({
  draft,
  onChange,
  errorOf,
}: {
  draft: ProductDraft;
  onChange: (field: 'fruitVegNuts' | 'hfssCategory', value: string) => void;
  errorOf: (field: DraftField) => string | undefined;
}) {
  const proposal = draft.name.trim() || draft.category ? proposeHfssCategory(draft) : null;
  const proposalLabel = proposal ? HFSS_CATEGORY_LABELS[proposal] : HFSS_NOT_IN_SCOPE_LABEL;
  const proposed = (proposal ?? '') === draft.hfssCategory;
  return (
    <fieldset>
      <legend className="text-sm font-medium text-gray-800">Food promotion rules (HFSS)</legend>
      <p className="mt-1 text-xs text-gray-600">
        The nutrient profiling model scores the product from its nutrition; a product in one of the 13
        categories that scores 4 or more (1 or more for drinks) is less healthy.
      </p>
      <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextInput
          label="Fruit, vegetables and nuts (%)"
          name="fruitVegNuts"
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={draft.fruitVegNuts}
          onChange={(event) => onChange('fruitVegNuts', event.target.value)}
          hint="Whole percent of the product. Leave empty if not known."
          error={errorOf('fruitVegNuts')}
        />
        <div>
          <Select
            label="HFSS category"
            name="hfssCategory"
            placeholder={HFSS_NOT_IN_SCOPE_LABEL}
            options={HFSS_OPTIONS}
            value={draft.hfssCategory}
            onChange={(event) => onChange('hfssCategory', event.target.value)}
            hint={`Proposed from the category and name: ${proposalLabel}`}
            error={errorOf('hfssCategory')}
          />
          {!proposed && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => onChange('hfssCategory', proposal ?? '')}
            >
              Use the proposed category
            </Button>
          )}
        </div>
      </div>
      <p className="mt-2 text-sm text-gray-800" aria-live="polite">
        {lessHealthyText(draft)}
      </p>
    </fieldset>
  );
}

/** A product's score and status as the product list shows them: "22 · Less healthy", "-4 · Not less healthy". */
export function hfssStatus(product: { npmScore: number | null; lessHealthy: boolean | null }): string {
  const score = product.npmScore === null ? 'No score' : String(product.npmScore);
  const status =
    product.lessHealthy === true
      ? 'Less healthy'
      : product.lessHealthy === false
        ? 'Not less healthy'
        : 'Unknown';
  return `${score} · ${status}`;
}
