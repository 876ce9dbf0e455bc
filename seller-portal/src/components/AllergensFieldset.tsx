import { ALLERGENS, MESSAGES, type AllergenId } from '@larder/shared-domain';

interface AllergensFieldsetProps {
  allergens: readonly AllergenId[];
  noAllergens: boolean;
  onChange: (next: { allergens: readonly AllergenId[]; noAllergens: boolean }) => void;
}

const BOX_CLASSES =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-1 text-sm text-gray-800 hover:bg-gray-50';

/**
 * The 14 allergens to tick, and the explicit "Contains none of the 14 allergens". Ticking one clears the other,
 * so the form never says both; with neither ticked the product's allergens are not confirmed.
 */
export function AllergensFieldset({ allergens, noAllergens, onChange }: AllergensFieldsetProps) {
  const toggle = (id: AllergenId, on: boolean) =>
    onChange({
      allergens: on ? [...allergens, id] : allergens.filter((a) => a !== id),
      noAllergens: on ? false : noAllergens,
    });
  return (
    <fieldset aria-describedby="allergens-hint">
      <legend className="text-sm font-medium text-gray-800">Allergens</legend>
      <p id="allergens-hint" className="mt-1 text-xs text-gray-600">
        {MESSAGES.allergensFormHint}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 min-[400px]:grid-cols-2 sm:grid-cols-3">
        {ALLERGENS.map((allergen) => (
          <label key={allergen.id} className={BOX_CLASSES}>
            <input
              type="checkbox"
              name="allergens"
              value={allergen.id}
              checked={allergens.includes(allergen.id)}
              onChange={(event) => toggle(allergen.id, event.target.checked)}
              className="h-4 w-4 accent-primary"
            />
            <span className="first-letter:uppercase">{allergen.label}</span>
          </label>
        ))}
      </div>
      <label className={`${BOX_CLASSES} mt-2 border-t border-gray-100 pt-2 font-medium`}>
        <input
          type="checkbox"
          name="noAllergens"
          checked={noAllergens}
          onChange={(event) =>
            onChange({ allergens: event.target.checked ? [] : allergens, noAllergens: event.target.checked })
          }
          className="h-4 w-4 accent-primary"
        />
        <span>{MESSAGES.noAllergensLabel}</span>
      </label>
    </fieldset>
  );
}
