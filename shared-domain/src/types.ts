import type { CategoryPath } from './categories';
import type { OrderStatus } from './orders';

/** A product as the API shows it (prices in pounds, vat in percent). */
export interface ProductView {
  _id: string;
  name: string;
  category: CategoryPath;
  description: string[];
  price: number;
  offerPrice: number;
  vat: number;
  image: string[];
  /** Whether a shopper can buy it now: the seller's switch is on and stock is not counted or above 0. */
  inStock: boolean;
  /** Units on hand; null when the seller does not count them. */
  stock: number | null;
  /** Ingredients as the label prints them; null when none were entered. */
  ingredients: string | null;
  /** Ids of the UK allergens it contains (see ALLERGENS). */
  allergens: string[];
}

export interface AddressView {
  _id: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** Map of product id to quantity. */
export type CartItems = Record<string, number>;

export type { OrderStatus };
