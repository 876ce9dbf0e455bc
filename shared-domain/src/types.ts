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
  inStock: boolean;
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
