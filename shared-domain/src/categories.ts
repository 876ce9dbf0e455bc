/** The ten product categories. `path` is the stored key; routes use it in lowercase. */
export interface Category {
  /** Display name. */
  text: string;
  /** Stored key, e.g. `Whole_Spices`. */
  path: CategoryPath;
  /** Tile background colour. */
  bgColor: string;
  /** Name of the tile illustration (a Fluent Emoji Flat icon name). */
  icon: string;
}

export const CATEGORY_PATHS = [
  'Vegetables',
  'Fruits',
  'Drinks',
  'Instant',
  'Dairy',
  'Bakery',
  'Grains',
  'Whole_Spices',
  'Ground_Spices',
  'Flour',
] as const;

export type CategoryPath = (typeof CATEGORY_PATHS)[number];

export const CATEGORIES: readonly Category[] = [
  { text: 'Vegetables', path: 'Vegetables', bgColor: '#FEF6DA', icon: 'broccoli' },
  { text: 'Fresh Fruits', path: 'Fruits', bgColor: '#FEE0E0', icon: 'red-apple' },
  { text: 'Cold Drinks', path: 'Drinks', bgColor: '#F0F5DE', icon: 'cup-with-straw' },
  { text: 'Instant Food', path: 'Instant', bgColor: '#E1F5EC', icon: 'steaming-bowl' },
  { text: 'Dairy Products', path: 'Dairy', bgColor: '#FEE6CD', icon: 'glass-of-milk' },
  { text: 'Bakery & Breads', path: 'Bakery', bgColor: '#E0F6FE', icon: 'bread' },
  { text: 'Grains & Cereals', path: 'Grains', bgColor: '#F1E3F9', icon: 'sheaf-of-rice' },
  { text: 'Whole Spices', path: 'Whole_Spices', bgColor: '#FDEBD8', icon: 'hot-pepper' },
  { text: 'Ground Spices', path: 'Ground_Spices', bgColor: '#FCE4E4', icon: 'salt' },
  { text: 'Flour', path: 'Flour', bgColor: '#EEF0E2', icon: 'flatbread' },
];

export function isCategoryPath(value: unknown): value is CategoryPath {
  return typeof value === 'string' && (CATEGORY_PATHS as readonly string[]).includes(value);
}

/** Finds a category by its route segment, which is the path in any letter case (`whole_spices`). */
export function categoryFromSlug(slug: string): Category | undefined {
  const wanted = slug.toLowerCase();
  return CATEGORIES.find((c) => c.path.toLowerCase() === wanted);
}

/** The route segment of a category: its path in lowercase. */
export function categorySlug(path: CategoryPath): string {
  return path.toLowerCase();
}

/** The display name of a category path ("Fruits" -> "Fresh Fruits"), or the path itself when it is not one. */
export function categoryText(path: string): string {
  return CATEGORIES.find((c) => c.path === path)?.text ?? path;
}
