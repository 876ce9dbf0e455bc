import {
  isPurchasable,
  penceToPounds,
  trafficLights,
  unitPrice,
  type CategoryPath,
  type Diet,
  type Nutrition,
  type PackUnit,
  type Producer,
  type ProductView,
} from '@larder/shared-domain';

/** A product row as the catalogue keeps it (prices in pence, VAT in basis points). */
export interface CatalogProduct {
  id: string;
  name: string;
  category: string;
  description: string[];
  /** MRP in pence. */
  price: number;
  /** Selling price in pence. */
  offerPrice: number;
  /** VAT rate in basis points (2000 = 20%). */
  vatBasisPoints: number;
  /** Image URLs, first is the main picture. */
  images: string[];
  /** The seller's switch (the shopper-facing inStock also needs stock to be null or above 0). */
  inStock: boolean;
  /** Units on hand; null when not counted. */
  stock: number | null;
  ingredients: string | null;
  /** Allergen ids (see ALLERGENS in shared-domain). */
  allergens: string[];
  allergensConfirmed: boolean;
  netQuantity: number;
  unit: PackUnit;
  nutrition: Nutrition | null;
  storage: string | null;
  origin: string | null;
  producer: Producer | null;
  dietary: Diet[];
  ageRestricted: boolean;
  /** The most one order may hold of it; null for no limit. */
  maxPerOrder: number | null;
  deletedAt: Date | null;
  createdAt: Date;
  /** When the seller last changed it. */
  updatedAt: Date;
}

/** The API's product shape: pounds with two decimals, VAT in percent; unit price and traffic lights derived. */
export function toProductView(p: CatalogProduct): ProductView {
  return {
    _id: p.id,
    name: p.name,
    category: p.category as CategoryPath,
    description: p.description,
    price: penceToPounds(p.price),
    offerPrice: penceToPounds(p.offerPrice),
    vat: p.vatBasisPoints / 100,
    image: p.images,
    inStock: isPurchasable(p),
    stock: p.stock,
    ingredients: p.ingredients,
    allergens: p.allergens,
    allergensConfirmed: p.allergensConfirmed,
    netQuantity: p.netQuantity,
    unit: p.unit,
    unitPrice: unitPrice({
      offerPence: p.offerPrice,
      netQuantity: p.netQuantity,
      unit: p.unit,
      category: p.category,
    }),
    nutrition: p.nutrition,
    trafficLights: trafficLights(p.nutrition, p.category),
    storage: p.storage,
    origin: p.origin,
    producer: p.producer,
    dietary: p.dietary,
    ageRestricted: p.ageRestricted,
    maxPerOrder: p.maxPerOrder,
  };
}
