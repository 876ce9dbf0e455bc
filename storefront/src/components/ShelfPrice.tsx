import { reducesShelfPrice } from '@larder/shared-domain';
import { Price, type PriceProps } from '@larder/shared-ui';
import type { Product } from './useProducts';

type Priced = Pick<
  Product,
  'priceWithVat' | 'offerPriceWithVat' | 'struckPriceLabel' | 'unitPrice' | 'promotion'
>;

/**
 * The prices a product is shown with. During a reduction it is sold at the reduced price: that is the price shown,
 * with the price it was sold at before struck through as "Was", and the unit price at the reduced price (Price
 * Marking Order 2004). Otherwise its own prices.
 */
export function shelfPrice<T extends Priced>(product: T): T {
  const promotion = product.promotion;
  if (!promotion || !reducesShelfPrice(promotion.kind) || promotion.price === null) return product;
  return {
    ...product,
    offerPriceWithVat: promotion.price,
    priceWithVat: promotion.was ?? product.offerPriceWithVat,
    struckPriceLabel: 'Was',
    unitPrice: promotion.unitPrice ?? product.unitPrice,
  };
}

/** A product's price as it is sold now (shelfPrice), with the price struck through beside it when higher. */
export function ShelfPrice({ product, size }: { product: Priced; size?: PriceProps['size'] }) {
  const shown = shelfPrice(product);
  return (
    <Price
      price={shown.priceWithVat}
      offerPrice={shown.offerPriceWithVat}
      struckLabel={shown.struckPriceLabel}
      size={size}
    />
  );
}
