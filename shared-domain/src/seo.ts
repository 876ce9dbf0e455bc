/**
 * The titles and descriptions of the shop's pages, one wording for the server (which sends them in the page's
 * head) and the browser (which sets the same title once it takes over).
 */
import { categoryText } from './categories';
import { formatPounds } from './pricing';
import { SHOP_NAME } from './shop';

/** The home page's title, also the host page's default. */
export const HOME_TITLE = `${SHOP_NAME} — groceries delivered`;

/** The home page's description, also the host page's default. */
export const HOME_DESCRIPTION = `${SHOP_NAME}: fresh groceries from London, delivered to your door in Bristol, Cardiff, Somerset and Swindon.`;

/** The screen title of the all-products page. */
export const ALL_PRODUCTS_TITLE = 'All products';

/** A page's document title: the screen's title, then the site ("Dairy Products | Larder"), or the site alone. */
export function documentTitle(screen: string, site: string = SHOP_NAME): string {
  return screen ? `${screen} | ${site}` : site;
}

/** What a product page's title and description need of the product (prices with VAT, as shoppers see them). */
export interface ProductForTitle {
  name: string;
  category: string;
  description: readonly string[];
  priceWithVat: number;
  offerPriceWithVat: number;
}

/** A product page's screen title: the name as on the pack (its size included) and the price. */
export function productScreenTitle(product: Pick<ProductForTitle, 'name' | 'offerPriceWithVat'>): string {
  return `${product.name} – ${formatPounds(product.offerPriceWithVat)}`;
}

/** A product page's description, at most about 160 characters as search results show. */
export function productDescription(product: ProductForTitle): string {
  const { offerPriceWithVat: offer, priceWithVat: mrp } = product;
  const price = offer < mrp ? `${formatPounds(offer)} (was ${formatPounds(mrp)})` : formatPounds(offer);
  const lead = `${product.name} for ${price} from ${SHOP_NAME}'s ${categoryText(product.category)}, delivered next day.`;
  return clip([lead, ...product.description.map(sentence)].join(' '), 160);
}

/** The all-products page's description. */
export const ALL_PRODUCTS_DESCRIPTION = `Every product ${SHOP_NAME} sells: fruit and vegetables, drinks, dairy, bakery, grains, spices and flour, delivered next day.`;

/** A category page's description. */
export function categoryDescription(categoryPath: string): string {
  return `${categoryText(categoryPath)} at ${SHOP_NAME}: fresh groceries from London, delivered next day in Bristol, Cardiff, Somerset and Swindon.`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Cut at a word boundary with an ellipsis when longer than `max` characters. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}
