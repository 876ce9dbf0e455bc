/** The shop as it signs its pages and e-mails. */
export const SHOP_NAME = 'Larder';
/** Where the shop is based, as the storefront's footer and contact page show it. */
export const SHOP_LOCATION = 'London, UK';

/** The business details the shop saved (legal name and geographic address), as far as pages name the shop. */
export interface ShopBusiness {
  legalName: string;
  address: string;
}

/**
 * Who the shop is in one line, for the footer's copyright line: the saved legal name and geographic address
 * (E-Commerce Regulations 2002, reg. 6), or "Larder, London, UK" until the business details are saved.
 */
export function shopSignature(business: ShopBusiness | null | undefined): string {
  return business ? `${business.legalName}, ${business.address}` : `${SHOP_NAME}, ${SHOP_LOCATION}`;
}
