import { MAX_DEAL_UNITS } from './kind';

/** The refusals of a promotion's terms (400), as the kinds check them. */
export const PROMOTION_TERM_TEXTS = {
  invalidDealQuantity: `A deal takes 2 to ${MAX_DEAL_UNITS} units`,
  invalidFree: 'Give how many units are free (at least 1)',
  invalidPrice: 'Give the promotional price in pounds, above £0',
  dealNotCheaper: 'The deal must cost less than its units at their own prices',
  reductionOneProduct: 'A reduction is for one product',
  reductionNotLower: 'The reduced price must be below the current price',
} as const;
