import { formatLabelPrice, type DealGroup, type PromotionKindRules } from './kind';
import { PROMOTION_TERM_TEXTS as TEXTS } from './texts';

/**
 * "3 for £5": any `quantity` of the products (mixed and matched) for `price`. The dearest units go into deals
 * first, `quantity` at a time, while a deal costs less than its units: the k deals that save most are the k groups
 * of the dearest units.
 */
export const multibuy: PromotionKindRules = {
  kind: 'multibuy',
  form: {
    choice: 'Multi-buy: any N for £X ("3 for £5")',
    quantityLabel: 'Units in a deal',
    priceLabel: 'Deal price (£, with VAT)',
    free: false,
    products: 'many',
  },
  volume: true,
  reducesShelfPrice: false,
  dealSize: (rule) => rule.quantity,
  groups(rule, units) {
    const groups: DealGroup[] = [];
    if (rule.quantity < 1) return groups;
    for (let start = 0; start + rule.quantity <= units.length; start += rule.quantity) {
      const group = units.slice(start, start + rule.quantity);
      const value = group.reduce((sum, u) => sum + u.price, 0);
      // Sorted from the dearest, a group that saves nothing is followed by none that would.
      if (rule.price >= value) break;
      groups.push({ units: group, saving: value - rule.price });
    }
    return groups;
  },
  label: (p) => `${p.productCount > 1 ? 'Any ' : ''}${p.quantity} for ${formatLabelPrice(p.price)}`,
  unitPricing: (rule) => ({ pence: rule.price, packs: rule.quantity }),
  terms(input) {
    if (input.quantity === undefined || input.quantity < 2) return { problem: TEXTS.invalidDealQuantity };
    if (!input.price) return { problem: TEXTS.invalidPrice };
    if (input.price >= input.quantity * Math.max(...input.ownPrices))
      return { problem: TEXTS.dealNotCheaper };
    return { terms: { quantity: input.quantity, price: input.price, free: 0 } };
  },
};
