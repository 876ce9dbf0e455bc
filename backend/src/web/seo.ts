/**
 * What search engines read of the shop: each shop page's own title, description, canonical URL, Open Graph
 * tags and structured data (JSON-LD: the product with its offer, the breadcrumbs, the shop on the home page),
 * and `/robots.txt` and `/sitemap.xml`. Everything comes from the live catalogue the process keeps in memory
 * (ProductListCache), so it changes with the catalogue push and costs no database read; absolute URLs come
 * from PUBLIC_URL only, never from a request's Host.
 */
import type { FastifyInstance } from 'fastify';
import {
  ALL_PRODUCTS_DESCRIPTION,
  ALL_PRODUCTS_TITLE,
  CATEGORIES,
  HOME_DESCRIPTION,
  HOME_TITLE,
  SHOP_NAME,
  categoryDescription,
  categoryFromSlug,
  categorySlug,
  categoryText,
  documentTitle,
  londonIsoString,
  penceToPounds,
  productDescription,
  productScreenTitle,
} from '@larder/shared-domain';
import type { ProductListSnapshot } from '../catalog/product-list.cache';
import type { CatalogProduct } from '../catalog/product-view';
import type { ProductDto } from '../catalog/dto/product.response';
import { jsonForHtml } from './page-head';

/** The head of one shop page as search engines and link previews read it. */
export interface PageSeo {
  title: string;
  description: string;
  /** Absolute URL of the page's one address. */
  canonical: string;
  /** Pages that are not a product or a category (an unknown id) are not indexed. */
  noindex?: boolean;
  openGraph: Record<string, string>;
  /** Structured data, each one `<script type="application/ld+json">`. */
  jsonLd: Record<string, unknown>[];
}

/** The unit price a product answer may carry (`{ amount, per }`, pounds). */
export interface UnitPrice {
  amount: number;
  per: string;
}

/** schema.org's reference quantity (UN/CEFACT unit codes) for each `per` of a unit price. */
const UNIT_QUANTITY: Record<string, { value: number; unitCode: string }> = {
  kg: { value: 1, unitCode: 'KGM' },
  litre: { value: 1, unitCode: 'LTR' },
  '100g': { value: 100, unitCode: 'GRM' },
  '100ml': { value: 100, unitCode: 'MLT' },
  '10g': { value: 10, unitCode: 'GRM' },
  each: { value: 1, unitCode: 'C62' },
};

const SCHEMA = 'https://schema.org';

/** The head of a shop page, or undefined for a path that is not one of the server-rendered shop pages. */
export function pageSeo(
  pathname: string,
  catalogue: Pick<ProductListSnapshot, 'rows' | 'view' | 'offers'>,
  publicUrl: string,
): PageSeo | undefined {
  const { rows } = catalogue;
  const parts = pathname.split('/').filter(Boolean).map(safeDecode);
  const home = `${publicUrl}/`;
  const homeCrumb = { name: 'Home', url: home };

  if (parts.length === 0 || (parts.length === 1 && parts[0] === 'home')) {
    return {
      title: HOME_TITLE,
      description: HOME_DESCRIPTION,
      canonical: home,
      openGraph: openGraph('website', HOME_TITLE, HOME_DESCRIPTION, home),
      jsonLd: [groceryStore(publicUrl)],
    };
  }
  if (parts[0] !== 'products' || parts.length > 3) return undefined;

  const allUrl = `${publicUrl}/products`;
  if (parts.length === 1) {
    const title = documentTitle(ALL_PRODUCTS_TITLE);
    return {
      title,
      description: ALL_PRODUCTS_DESCRIPTION,
      canonical: allUrl,
      openGraph: openGraph('website', title, ALL_PRODUCTS_DESCRIPTION, allUrl),
      jsonLd: [breadcrumbs([homeCrumb, { name: ALL_PRODUCTS_TITLE, url: allUrl }])],
    };
  }

  const category = categoryFromSlug(parts[1]!);
  if (parts.length === 2) {
    if (!category) return notFound('Page not found', pathname, publicUrl);
    const url = `${publicUrl}/products/${categorySlug(category.path)}`;
    const title = documentTitle(category.text);
    const description = categoryDescription(category.path);
    return {
      title,
      description,
      canonical: url,
      openGraph: openGraph('website', title, description, url),
      jsonLd: [breadcrumbs([homeCrumb, { name: category.text, url }])],
    };
  }

  const id = parts[2]!.toLowerCase();
  const row = rows.find((p) => p.id === id);
  if (!row) return notFound('Product not found', pathname, publicUrl);
  const product = catalogue.view(row);
  // During a reduction one unit sells at its reduced price until the reduction ends.
  const reducedPrice = catalogue.offers.get(row.id)?.reducedPrice;
  const sale =
    reducedPrice !== undefined && product.promotion
      ? {
          price: penceToPounds(reducedPrice),
          // The last London day it holds: it ends at the start of the day after.
          validUntil: londonIsoString(new Date(Date.parse(product.promotion.endsAt) - 1)).slice(0, 10),
        }
      : undefined;
  const price = sale?.price ?? product.offerPriceWithVat;
  const url = productUrl(row, publicUrl);
  const categoryUrl = `${publicUrl}/products/${categorySlug(product.category)}`;
  const title = documentTitle(productScreenTitle(product));
  const description = productDescription(product);
  const images = product.image.map((src) => absolute(src, publicUrl));
  return {
    title,
    description,
    canonical: url,
    openGraph: {
      ...openGraph('product', title, description, url),
      ...(images[0] ? { 'og:image': images[0], 'og:image:alt': product.name } : {}),
      // Shoppers, and search results shown to them, see prices with VAT.
      'product:price:amount': price.toFixed(2),
      'product:price:currency': 'GBP',
      'product:availability': product.inStock ? 'in stock' : 'out of stock',
    },
    jsonLd: [
      productJsonLd(product, url, images, sale),
      breadcrumbs([
        homeCrumb,
        { name: categoryText(product.category), url: categoryUrl },
        { name: product.name, url },
      ]),
    ],
  };
}

/**
 * A product's structured data: what Google's merchant listings require and recommend that the shop knows. With
 * `sale` (a running reduction) the offer is its price, valid until the reduction's last day.
 */
export function productJsonLd(
  product: ProductDto,
  url: string,
  images: readonly string[],
  sale?: { price: number; validUntil: string },
): Record<string, unknown> {
  const unitPrice = product.unitPrice;
  const quantity = unitPrice ? UNIT_QUANTITY[unitPrice.per] : undefined;
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: product.name,
    image: images,
    description: product.description.length ? product.description.join('. ') : product.name,
    sku: product._id,
    category: categoryText(product.category),
    offers: {
      '@type': 'Offer',
      url,
      price: (sale?.price ?? product.offerPriceWithVat).toFixed(2),
      ...(sale ? { priceValidUntil: sale.validUntil } : {}),
      priceCurrency: 'GBP',
      availability: `${SCHEMA}/${product.inStock ? 'InStock' : 'OutOfStock'}`,
      itemCondition: `${SCHEMA}/NewCondition`,
      seller: { '@type': 'Organization', name: SHOP_NAME },
      ...(quantity
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: unitPrice!.amount.toFixed(2),
              priceCurrency: 'GBP',
              referenceQuantity: { '@type': 'QuantitativeValue', ...quantity },
            },
          }
        : {}),
    },
  };
}

function groceryStore(publicUrl: string): Record<string, unknown> {
  return {
    '@context': SCHEMA,
    '@type': 'GroceryStore',
    '@id': `${publicUrl}/#store`,
    name: SHOP_NAME,
    url: `${publicUrl}/`,
    description: HOME_DESCRIPTION,
    address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'GB' },
    areaServed: ['Bristol', 'Cardiff', 'Somerset', 'Swindon'].map((name) => ({ '@type': 'City', name })),
    currenciesAccepted: 'GBP',
    paymentAccepted: 'Cash',
  };
}

function breadcrumbs(items: { name: string; url: string }[]): Record<string, unknown> {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  };
}

function openGraph(type: string, title: string, description: string, url: string): Record<string, string> {
  return {
    'og:type': type,
    'og:site_name': SHOP_NAME,
    'og:locale': 'en_GB',
    'og:title': title,
    'og:description': description,
    'og:url': url,
  };
}

function notFound(screen: string, pathname: string, publicUrl: string): PageSeo {
  const title = documentTitle(screen);
  const url = publicUrl + pathname;
  return {
    title,
    description: HOME_DESCRIPTION,
    canonical: url,
    noindex: true,
    openGraph: openGraph('website', title, HOME_DESCRIPTION, url),
    jsonLd: [],
  };
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** A product page's address. */
function productUrl(row: Pick<CatalogProduct, 'id' | 'category'>, publicUrl: string): string {
  return `${publicUrl}/products/${row.category.toLowerCase()}/${row.id}`;
}

function absolute(src: string, publicUrl: string): string {
  return /^https?:\/\//.test(src) ? src : `${publicUrl}${src.startsWith('/') ? '' : '/'}${src}`;
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;');
}

/** The tags a page's head gets (besides its title and description, which replace the host page's). */
export function seoHeadTags(seo: PageSeo): string {
  return [
    `<link rel="canonical" href="${escapeAttribute(seo.canonical)}">`,
    ...(seo.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...Object.entries(seo.openGraph).map(
      ([property, content]) => `<meta property="${property}" content="${escapeAttribute(content)}">`,
    ),
    `<meta name="twitter:card" content="${seo.openGraph['og:image'] ? 'summary_large_image' : 'summary'}">`,
    ...seo.jsonLd.map((data) => `<script type="application/ld+json">${jsonForHtml(data)}</script>`),
  ].join('');
}

/** The host page with the page's own title and description in place of the defaults, and its SEO tags added. */
export function withSeoHead(html: string, seo: PageSeo | undefined): string {
  if (!seo) return html;
  const title = `<title>${escapeText(seo.title)}</title>`;
  const description = `<meta name="description" content="${escapeAttribute(seo.description)}">`;
  let added = seoHeadTags(seo);
  let page = html;
  // Whatever form the host page's build gave these two tags (minified or not), the page has one of each.
  const titleTag = /<title>[\s\S]*?<\/title>/i;
  if (titleTag.test(page)) page = page.replace(titleTag, () => title);
  else added = title + added;
  const descriptionTag = /<meta\s+name=["']?description["']?[^>]*>/i;
  if (descriptionTag.test(page)) page = page.replace(descriptionTag, () => description);
  else added = description + added;
  const at = page.indexOf('</head>');
  return at === -1 ? page : page.slice(0, at) + added + page.slice(at);
}

/** Paths that robots.txt keeps crawlers out of: the API, the seller area, the cart and the account pages. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/seller',
  '/cart',
  '/add-address',
  '/my-orders',
  '/profile',
  '/loader',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function xmlText(value: string): string {
  return escapeAttribute(value).replace(/'/g, '&apos;');
}

function lastmod(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * The sitemap: home, all products, every category and every listed product, each product with the time the
 * seller last changed it (a category and home: their latest product's).
 */
export function sitemapXml(rows: readonly CatalogProduct[], publicUrl: string): string {
  const latest = (list: readonly CatalogProduct[]) =>
    list.length ? new Date(Math.max(...list.map((p) => p.updatedAt.getTime()))) : undefined;
  const entry = (loc: string, modified?: Date) =>
    `<url><loc>${xmlText(loc)}</loc>${modified ? `<lastmod>${lastmod(modified)}</lastmod>` : ''}</url>`;
  const newest = latest(rows);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry(`${publicUrl}/`, newest),
    entry(`${publicUrl}/products`, newest),
    ...CATEGORIES.map((category) =>
      entry(
        `${publicUrl}/products/${categorySlug(category.path)}`,
        latest(rows.filter((p) => p.category === category.path)),
      ),
    ),
    ...rows.map((row) => entry(productUrl(row, publicUrl), row.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}

/** Where the routes read the live catalogue. */
export interface CatalogueSource {
  get(): ProductListSnapshot | Promise<ProductListSnapshot>;
}

/** `/robots.txt` and `/sitemap.xml`; the sitemap is made once per catalogue version. */
export function registerSeoRoutes(
  fastify: FastifyInstance,
  publicUrl: string,
  catalogue: CatalogueSource,
): void {
  const robots = robotsTxt(publicUrl);
  fastify.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robots),
  );
  fastify.get('/sitemap.xml', async (_request, reply) => {
    const snapshot = await catalogue.get();
    const xml = snapshot.derived('sitemap', (rows) => sitemapXml(rows, publicUrl));
    return reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(xml);
  });
}
