import { penceToPounds, type CategoryPath, type ProductView } from '@larder/shared-domain';

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
  inStock: boolean;
  deletedAt: Date | null;
  createdAt: Date;
}

/** The API's product shape: pounds with two decimals, VAT in percent. */
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
    inStock: p.inStock,
  };
}
