import type { CategoryPath } from './categories';
import type { OrderStatus } from './orders';
import type { Diet, Nutrition, PackUnit, Producer, TrafficLights, UnitPrice } from './food';

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
  /** Whether the seller has confirmed the allergen list (only then can it be shown as free from anything). */
  allergensConfirmed: boolean;
  /** The pack: net quantity in `unit`. */
  netQuantity: number;
  unit: PackUnit;
  /** Price per unit of quantity for the offer price (Price Marking Order 2004). */
  unitPrice: UnitPrice;
  /** Per 100 g or 100 ml; null when not entered. */
  nutrition: Nutrition | null;
  /** Front-of-pack colours from the nutrition; null without it. */
  trafficLights: TrafficLights | null;
  storage: string | null;
  origin: string | null;
  /** The food business named on the label; null when it is the shop itself. */
  producer: Producer | null;
  dietary: Diet[];
  /** Sold only to adults (Challenge 25 on delivery). */
  ageRestricted: boolean;
  /** The most one order may hold of it (the seller's limit); null when there is none beyond MAX_QUANTITY. */
  maxPerOrder: number | null;
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
