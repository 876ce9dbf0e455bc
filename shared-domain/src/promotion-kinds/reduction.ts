import { formatLabelPrice, type PromotionKindRules } from './kind';
import { PROMOTION_TERM_TEXTS as TEXTS } from './texts';

/**
 * "Was £2.50, now £1.80": the one product costs `price` a unit while it is below its own price. It lowers the shelf
 * price; whether the earlier price may be called "Was" is the pricing practices guidance's question (the server
 * checks it against the product's price history).
 */
export const reduction: PromotionKindRules = {
  kind: 'reduction',
  form: {
    choice: 'Reduction: "Was £2.50, now £1.80"',
    quantityLabel: null,
    priceLabel: 'Reduced price (£, with VAT)',
    free: false,
    products: 'one',
  },
  volume: false,
  reducesShelfPrice: true,
  dealSize: () => 1,
  groups: (rule, units) =>
    units.filter((u) => rule.price < u.price).map((u) => ({ units: [u], saving: u.price - rule.price })),
  label: (p) =>
    p.was === undefined
      ? `Now ${formatLabelPrice(p.price)}`
      : `Was ${formatLabelPrice(p.was)}, now ${formatLabelPrice(p.price)}`,
  unitPricing: (rule) => ({ pence: rule.price, packs: 1 }),
  terms(input) {
    if (input.productCount !== 1) return { problem: TEXTS.reductionOneProduct };
    if (!input.price) return { problem: TEXTS.invalidPrice };
    if (input.price >= input.ownPrices[0]) return { problem: TEXTS.reductionNotLower };
    return { terms: { quantity: 1, price: input.price, free: 0 } };
  },
};
