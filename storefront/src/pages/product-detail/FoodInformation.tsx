import { MESSAGES, allergyAdvice, emphasiseAllergens } from '@larder/shared-domain';

interface FoodInformationProps {
  ingredients?: string | null;
  allergens?: readonly string[] | null;
}

/**
 * The "Ingredients" section with the declared allergens in bold inside the text, and the "Allergy advice"
 * line ("Contains: milk, eggs, cereals containing gluten"). Nothing at all when the seller entered neither.
 */
export function FoodInformation({ ingredients, allergens }: FoodInformationProps) {
  const text = ingredients?.trim() ?? '';
  const declared = allergens ?? [];
  const advice = allergyAdvice(declared);
  if (!text && !advice) return null;
  return (
    <section aria-labelledby="ingredients-heading" className="mt-8" data-testid="food-information">
      <h2 id="ingredients-heading" className="text-base font-semibold text-gray-900">
        {MESSAGES.ingredientsHeading}
      </h2>
      {text && (
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-gray-700">
          {emphasiseAllergens(text, declared).map((part, index) =>
            part.allergen ? (
              <strong key={index} className="font-bold text-gray-900">
                {part.text}
              </strong>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      )}
      {advice && (
        <p className="mt-3 text-sm text-gray-900">
          <strong className="font-semibold">{MESSAGES.allergyAdviceHeading}:</strong> {advice}
        </p>
      )}
    </section>
  );
}
