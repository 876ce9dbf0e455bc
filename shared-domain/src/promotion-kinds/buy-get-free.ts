import { MAX_DEAL_UNITS, type DealGroup, type PromotionKindRules } from './kind';
import { PROMOTION_TERM_TEXTS as TEXTS } from './texts';

/**
 * "3 for 2": buy `quantity`, get `free` more, the cheapest free. The units sorted from the dearest, `quantity +
 * free` at a time, the cheapest `free` of each free (grouping neighbours in price frees the most that any grouping
 * can).
 */
export const buyGetFree: PromotionKindRules = {
  kind: 'buy_get_free',
  form: {
    choice: 'N for M: the cheapest free ("3 for 2")',
    quantityLabel: 'Units paid for',
    priceLabel: null,
    free: true,
    products: 'many',
  },
  volume: true,
  reducesShelfPrice: false,
  dealSize: (rule) => rule.quantity + rule.free,
  groups(rule, units) {
    const groups: DealGroup[] = [];
    const size = rule.quantity + rule.free;
    if (size < 1 || rule.free < 1) return groups;
    for (let start = 0; start + size <= units.length; start += size) {
      const group = units.slice(start, start + size);
      const saving = group.slice(size - rule.free).reduce((sum, u) => sum + u.price, 0);
      if (saving <= 0) break;
      groups.push({ units: group, saving });
    }
    return groups;
  },
  label: (p) => `${p.quantity + p.free} for ${p.quantity}`,
  unitPricing: (rule, ownPrice) => ({ pence: ownPrice * rule.quantity, packs: rule.quantity + rule.free }),
  terms(input) {
    if (input.quantity === undefined) return { problem: TEXTS.invalidDealQuantity };
    if (input.free === undefined) return { problem: TEXTS.invalidFree };
    if (input.quantity + input.free > MAX_DEAL_UNITS) return { problem: TEXTS.invalidDealQuantity };
    return { terms: { quantity: input.quantity, price: 0, free: input.free } };
  },
};
