import {
  isLessHealthy,
  isPurchasable,
  npmScore,
  penceToPounds,
  trafficLights,
  unitPrice,
  unitPriceWithVat,
  type CategoryPath,
} from '@larder/shared-domain';
import type { products } from '../db/schema';
import type { ProductDto, ProductPromotionDto } from './dto/product.response';

/** A product row as the catalogue keeps it (prices in pence, VAT in basis points), typed by the schema. */
export type CatalogProduct = typeof products.$inferSelect;

/** What the promotions and the price history say of a product now (see PromotionsService.offers). */
export interface ProductOffer {
  promotion: ProductPromotionDto | null;
  struckPriceLabel: 'RRP' | 'Was';
  /** A running reduction's price of one unit, pence with VAT (what one unit costs now); unset otherwise. */
  reducedPrice?: number;
  /** False while the food promotion rules apply and the product is less healthy (see ProductDto.primePlaces). */
  primePlaces?: boolean;
}

/** A product in no promotion whose struck-through price is not known to have been charged. */
export const NO_OFFER: ProductOffer = { promotion: null, struckPriceLabel: 'RRP' };

/**
 * The API's product shape: pounds with two decimals, VAT in percent; unit price and traffic lights derived. In
 * no promotion, its struck-through price named "RRP" (see toOfferedProductView).
 */
export function toProductView(p: CatalogProduct): ProductDto {
  return toOfferedProductView(p, NO_OFFER);
}

/** toProductView with the promotion the product is in now and the name of its struck-through price. */
export function toOfferedProductView(p: CatalogProduct, offer: ProductOffer): ProductDto {
  const offerWithVat = unitPriceWithVat(p.offerPrice, p.vatBasisPoints);
  return {
    _id: p.id,
    name: p.name,
    // The column's CHECK holds it to the category paths.
    category: p.category as CategoryPath,
    description: p.description,
    price: penceToPounds(p.price),
    offerPrice: penceToPounds(p.offerPrice),
    priceWithVat: penceToPounds(unitPriceWithVat(p.price, p.vatBasisPoints)),
    offerPriceWithVat: penceToPounds(offerWithVat),
    vat: p.vatBasisPoints / 100,
    image: p.images,
    listed: p.listed,
    inStock: isPurchasable(p),
    stock: p.stock,
    ingredients: p.ingredients,
    allergens: p.allergens,
    allergensConfirmed: p.allergensConfirmed,
    netQuantity: p.netQuantity,
    unit: p.unit,
    unitPrice: unitPrice({
      // Shoppers see prices with VAT, and the unit price must be of the price they see.
      offerPence: offerWithVat,
      netQuantity: p.netQuantity,
      unit: p.unit,
      category: p.category,
    }),
    promotion: offer.promotion,
    struckPriceLabel: offer.struckPriceLabel,
    primePlaces: offer.primePlaces ?? true,
    nutrition: p.nutrition,
    trafficLights: trafficLights(p.nutrition, p.category, p.ageRestricted),
    storage: p.storage,
    origin: p.origin,
    producer: p.producer,
    dietary: p.dietary,
    ageRestricted: p.ageRestricted,
    maxPerOrder: p.maxPerOrder,
    ...healthProfile(p),
  };
}

/** The product's place under the food promotion rules (SI 2021/1368): its score and whether it is less healthy. */
export function healthProfile(
  p: Pick<CatalogProduct, 'nutrition' | 'fruitVegNuts' | 'hfssCategory' | 'category'>,
): Pick<ProductDto, 'fruitVegNuts' | 'hfssCategory' | 'npmScore' | 'lessHealthy'> {
  const score = npmScore(p.nutrition, p.fruitVegNuts);
  return {
    fruitVegNuts: p.fruitVegNuts,
    hfssCategory: p.hfssCategory,
    npmScore: score,
    lessHealthy: isLessHealthy({ hfssCategory: p.hfssCategory, category: p.category, npmScore: score }),
  };
}
