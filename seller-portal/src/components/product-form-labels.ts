import type { PackUnit } from '@larder/shared-domain';
import type { NutritionField } from '../lib/product-draft';

/** The words the product form shows for each pack unit and nutrition box. */
export const UNIT_LABELS: Record<PackUnit, string> = {
  g: 'grams (g)',
  kg: 'kilograms (kg)',
  ml: 'millilitres (ml)',
  l: 'litres (l)',
  each: 'items (each)',
};

export const NUTRITION_LABELS: Record<NutritionField, string> = {
  energyKj: 'Energy (kJ)',
  energyKcal: 'Energy (kcal)',
  fat: 'Fat (g)',
  saturates: 'of which saturates (g)',
  carbohydrate: 'Carbohydrate (g)',
  sugars: 'of which sugars (g)',
  fibre: 'Fibre (g, optional)',
  protein: 'Protein (g)',
  salt: 'Salt (g)',
};
