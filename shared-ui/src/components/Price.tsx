import { formatPounds } from '@larder/shared-domain';
import { cx } from '../cx';

export interface PriceProps {
  /** The MRP in pounds. */
  price: number;
  /** The price the customer pays, in pounds. */
  offerPrice: number;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /**
   * What the struck-through price is, shown before it: "RRP" (a recommended price) or "Was" (the shop's own price
   * before); without it the price is named "MRP" to screen readers only.
   */
  struckLabel?: string;
}

const sizes = { sm: 'text-sm', md: 'text-base', lg: 'text-2xl' };

/** The offer price, with the MRP struck through beside it when it is higher. */
export function Price({ price, offerPrice, size = 'md', className, struckLabel }: PriceProps) {
  const discounted = price > offerPrice;
  return (
    <span className={cx('inline-flex flex-wrap items-baseline gap-x-2', className)}>
      <span className={cx('font-semibold text-gray-900', sizes[size])}>
        {discounted && <span className="sr-only">Offer price </span>}
        {formatPounds(offerPrice)}
      </span>
      {discounted &&
        (struckLabel ? (
          <span className="text-sm text-gray-600">
            {struckLabel} <del>{formatPounds(price)}</del>
          </span>
        ) : (
          <del className="text-sm text-gray-600">
            <span className="sr-only">MRP </span>
            {formatPounds(price)}
          </del>
        ))}
    </span>
  );
}
