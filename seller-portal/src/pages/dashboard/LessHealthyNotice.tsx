import { FOOD_PROMOTION_TEXTS } from '@larder/shared-domain';
import { useListSellerPromotionsQuery } from '@larder/shared-state';

/**
 * The dashboard's word on the food promotion rules: the running or scheduled multi-buys and free offers that no
 * longer apply to some of their products because those are less healthy (HFSS). Nothing when there are none.
 */
export function LessHealthyNotice() {
  const { data } = useListSellerPromotionsQuery();
  const affected = (data?.promotions ?? []).filter((p) => p.state !== 'ended' && p.notApplied.length > 0);
  if (!affected.length) return null;
  return (
    <section
      aria-label="Food promotion rules"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <ul className="flex flex-col gap-1">
        {affected.map((promotion) => (
          <li key={promotion._id}>
            {`${promotion.label}: ${FOOD_PROMOTION_TEXTS.notApplied} ${promotion.notApplied.join(', ')}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
