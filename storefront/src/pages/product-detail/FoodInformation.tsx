import { Link } from 'react-router-dom';
import { MESSAGES, allergyAdvice, emphasiseAllergens } from '@larder/shared-domain';

interface FoodInformationProps {
  ingredients?: string | null;
  allergens?: readonly string[] | null;
  /** False when the seller has not said which allergens the product contains: nothing is assumed then. */
  allergensConfirmed?: boolean;
}

/**
 * The "Ingredients" section with the declared allergens in bold inside the text, and the "Allergy advice"
 * line ("Contains: milk, eggs, cereals containing gluten"). When the seller has not confirmed the allergens, it
 * says "Allergen information not confirmed" and asks anyone with an allergy to contact the shop before buying.
 * Nothing at all for a confirmed product with neither ingredients nor allergens.
 */
export function FoodInformation({ ingredients, allergens, allergensConfirmed = true }: FoodInformationProps) {
  const text = ingredients?.trim() ?? '';
  const declared = allergensConfirmed ? (allergens ?? []) : [];
  const advice = allergyAdvice(declared);
  if (!text && !advice && allergensConfirmed) return null;
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
      {!allergensConfirmed && (
        <div
          className="mt-3 rounded-lg border border-warning/30 bg-warning-soft/50 p-3 text-sm text-gray-900"
          data-testid="allergens-not-confirmed"
        >
          <p className="font-semibold">{MESSAGES.allergensNotConfirmed}</p>
          <p className="mt-1">{MESSAGES.allergensNotConfirmedAdvice}</p>
          <Link to="/contact-us" className="mt-1 inline-block font-medium text-primary underline">
            {MESSAGES.allergensNotConfirmedContact}
          </Link>
        </div>
      )}
    </section>
  );
}
