/** The shop as it signs its pages and e-mails. */
export const SHOP_NAME = 'Larder';
/** Where the shop is based, as the storefront's footer and contact page show it. */
export const SHOP_LOCATION = 'London, UK';
