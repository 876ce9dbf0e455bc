import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import {
  HOME_DESCRIPTION,
  HOME_TITLE,
  categoryDescription,
  londonIsoString,
  productDescription,
} from '@larder/shared-domain';
import { signInSeller } from '../../test/auth-helpers';
import { createProduct, createTestApp, TestApp } from '../../test/harness';
import { storefrontServerBuild } from '../../test/storefront-build';
import type { ProductDto } from '../catalog/dto/product.response';
import { Clock } from '../common/clock';
import { productJsonLd, withSeoHead, type PageSeo } from './seo';

const PUBLIC_URL = 'https://larder.example';

/** A storefront server build that renders a placeholder: the head is what is under test. */
const CONTAINER = storefrontServerBuild(`async ({ url }) => ({ html: '<h1>' + url + '</h1>', state: {} })`);

function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

function titleOf(html: string): string | undefined {
  return /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
}

function metaOf(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(headOf(html))?.[1];
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
}

/** One JSON-LD block as parsed (the parts the tests read typed loosely). */
type JsonLd = Record<string, unknown> & {
  offers: Record<string, unknown>;
  itemListElement: { name: string; item: string }[];
};

function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
}

describe('what search engines read: page heads, robots.txt, sitemap', () => {
  let t: TestApp;
  let root: string;
  let cheddar: string;
  let hostile: string;

  const page = (url: string) => request(t.server).get(url).set('Accept', 'text/html').expect(200);

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-seo-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write(
      'host-shell/dist/index.html',
      '<!doctype html><html lang="en-GB"><head><meta charset="utf-8" />' +
        `<meta name="description" content="${HOME_DESCRIPTION}" /><title>${HOME_TITLE}</title></head>` +
        '<body><div id="root"><p role="status">Loading Larder…</p></div></body></html>',
    );
    write('storefront/dist/remoteEntry.js', 'var storefront;');
    write('seller-portal/dist/remoteEntry.js', 'var sellerPortal;');
    write('storefront/dist/server/remoteEntry.js', CONTAINER);
    t = await createTestApp({
      publicUrl: PUBLIC_URL,
      staticDirs: {
        hostShell: path.join(root, 'host-shell/dist'),
        storefront: path.join(root, 'storefront/dist'),
        sellerPortal: path.join(root, 'seller-portal/dist'),
      },
      storefrontServerEntry: path.join(root, 'storefront/dist/server/remoteEntry.js'),
    });
    cheddar = await createProduct(t, {
      name: 'Mature Cheddar 400g',
      category: 'Dairy',
      price: 375,
      offerPrice: 325,
      description: ['Aged for a rich, full flavour', 'Made in Somerset'],
      images: ['/uploads/products/cheddar.webp', '/uploads/products/cheddar-2.webp'],
      updatedAt: new Date('2026-01-02T03:04:05.678Z'),
    });
    hostile = await createProduct(t, {
      name: 'Tart </script><script>alert(1)</script> & "Co" <b>',
      category: 'Bakery',
      description: ['</script><!--'],
      stock: 0,
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('gives the home page its title, description, canonical URL and the shop as a GroceryStore', async () => {
    for (const url of ['/', '/home']) {
      const html = (await page(url)).text;
      expect(titleOf(html)).toBe(HOME_TITLE);
      expect(metaOf(html, 'name', 'description')).toBe(HOME_DESCRIPTION);
      expect(canonicalOf(html)).toBe(`${PUBLIC_URL}/`);
      expect(metaOf(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/`);
      expect(metaOf(html, 'property', 'og:type')).toBe('website');
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      const [store] = jsonLdOf(html);
      expect(store).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'GroceryStore',
        name: 'Larder',
        url: `${PUBLIC_URL}/`,
        address: { addressLocality: 'London', addressCountry: 'GB' },
      });
    }
  });

  it('gives all products and a category their own title, description, canonical URL and breadcrumbs', async () => {
    const all = (await page('/products?search=milk')).text;
    expect(titleOf(all)).toBe('All products | Larder');
    expect(canonicalOf(all)).toBe(`${PUBLIC_URL}/products`);

    const dairy = (await page('/products/DAIRY')).text;
    expect(titleOf(dairy)).toBe('Dairy Products | Larder');
    expect(metaOf(dairy, 'name', 'description')).toBe(categoryDescription('Dairy'));
    expect(metaOf(dairy, 'name', 'description')).toContain('Dairy Products');
    expect(canonicalOf(dairy)).toBe(`${PUBLIC_URL}/products/dairy`);
    expect(jsonLdOf(dairy)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
          { '@type': 'ListItem', position: 2, name: 'Dairy Products', item: `${PUBLIC_URL}/products/dairy` },
        ],
      },
    ]);
  });

  it('gives a product page its name, pack and price, its picture and a Product that meets merchant listings', async () => {
    const url = `${PUBLIC_URL}/products/dairy/${cheddar}`;
    const html = (await page(`/products/dairy/${cheddar}?ref=home`)).text;
    expect(titleOf(html)).toBe('Mature Cheddar 400g – £3.25 | Larder');
    const description = metaOf(html, 'name', 'description')!;
    expect(description).toContain('Mature Cheddar 400g for £3.25 (was £3.75)');
    expect(description).toContain('Made in Somerset.');
    expect(description.length).toBeLessThanOrEqual(160);
    expect(canonicalOf(html)).toBe(url);
    expect(metaOf(html, 'property', 'og:type')).toBe('product');
    expect(metaOf(html, 'property', 'og:title')).toBe('Mature Cheddar 400g – £3.25 | Larder');
    expect(metaOf(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/uploads/products/cheddar.webp`);
    expect(metaOf(html, 'property', 'product:price:amount')).toBe('3.25');

    const [product, crumbs] = jsonLdOf(html);
    // Google's merchant listing: required name, image, offers.price, offers.priceCurrency; recommended
    // availability, description, sku (there is no GTIN or brand in the catalogue).
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Mature Cheddar 400g',
      image: [`${PUBLIC_URL}/uploads/products/cheddar.webp`, `${PUBLIC_URL}/uploads/products/cheddar-2.webp`],
      description: 'Aged for a rich, full flavour. Made in Somerset',
      sku: cheddar,
      offers: {
        '@type': 'Offer',
        url,
        price: '3.25',
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
    expect(Number(product!.offers.price)).toBeGreaterThan(0);
    // The harness's products are sold as single items: the unit price is per each.
    expect(product!.offers.priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      price: '3.25',
      priceCurrency: 'GBP',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'C62' },
    });
    expect(crumbs!['@type']).toBe('BreadcrumbList');
    expect(crumbs!.itemListElement.map((i) => [i.name, i.item])).toEqual([
      ['Home', `${PUBLIC_URL}/`],
      ['Dairy Products', `${PUBLIC_URL}/products/dairy`],
      ['Mature Cheddar 400g', url],
    ]);
  });

  it('escapes names in the title, the tags and the JSON-LD, which cannot end its script', async () => {
    const html = (await page(`/products/bakery/${hostile}`)).text;
    const head = headOf(html);
    expect(head).not.toContain('<script>alert(1)');
    expect(head).not.toContain('<b>');
    // Every script ends where it was meant to: as many ends as starts.
    expect(head.match(/<\/script>/g)).toHaveLength(head.match(/<script/g)!.length);
    expect(titleOf(html)).toBe(
      'Tart &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; "Co" &lt;b&gt; – £2.00 | Larder',
    );
    expect(metaOf(html, 'property', 'og:title')).toContain('&amp; &quot;Co&quot;');
    const [product] = jsonLdOf(html);
    expect(product!.name).toBe('Tart </script><script>alert(1)</script> & "Co" <b>');
    expect(product!.description).toBe('</script><!--');
    expect(product!.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('marks an unknown product or category not to be indexed, titled as the browser titles it', async () => {
    const gone = (await page('/products/dairy/00000000-0000-4000-8000-000000000000')).text;
    expect(titleOf(gone)).toBe('Product not found | Larder');
    expect(metaOf(gone, 'name', 'robots')).toBe('noindex');
    expect(jsonLdOf(gone)).toEqual([]);
    const nowhere = (await page('/products/sweets')).text;
    expect(titleOf(nowhere)).toBe('Page not found | Larder');
    expect(metaOf(nowhere, 'name', 'robots')).toBe('noindex');
    expect(metaOf((await page(`/products/dairy/${cheddar}`)).text, 'name', 'robots')).toBeUndefined();
  });

  it('states the unit price as a UnitPriceSpecification when the product has one', () => {
    const view: ProductDto = {
      _id: 'b1f0c7e2-0000-4000-8000-000000000001',
      name: 'Vine Tomatoes 500g',
      category: 'Vegetables',
      description: ['Ripened on the vine'],
      price: 1.6,
      offerPrice: 1.4,
      priceWithVat: 1.6,
      offerPriceWithVat: 1.4,
      vat: 0,
      image: [],
      listed: true,
      inStock: true,
      stock: null,
      ingredients: null,
      allergens: [],
      allergensConfirmed: true,
      netQuantity: 500,
      unit: 'g',
      unitPrice: { amount: 2.8, per: 'kg' },
      promotion: null,
      struckPriceLabel: 'RRP',
      nutrition: null,
      trafficLights: null,
      storage: null,
      origin: null,
      producer: null,
      dietary: ['vegan'],
      ageRestricted: false,
      maxPerOrder: null,
      fruitVegNuts: null,
      hfssCategory: null,
      npmScore: null,
      lessHealthy: false,
      primePlaces: true,
    };
    const data = productJsonLd(view, `${PUBLIC_URL}/products/vegetables/x`, []);
    expect((data.offers as Record<string, unknown>).priceSpecification).toEqual({
      '@type': 'UnitPriceSpecification',
      price: '2.80',
      priceCurrency: 'GBP',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'KGM' },
    });
    const small = productJsonLd(
      { ...view, unitPrice: { amount: 0.42, per: '100g' } },
      `${PUBLIC_URL}/products/vegetables/x`,
      [],
    );
    expect(
      (small.offers as { priceSpecification: { referenceQuantity: unknown } }).priceSpecification
        .referenceQuantity,
    ).toEqual({
      '@type': 'QuantitativeValue',
      value: 100,
      unitCode: 'GRM',
    });
    expect(productDescription(view)).toContain('Vine Tomatoes 500g for £1.40');
  });

  it('puts one title and one description in a host page however its build wrote them, or without them', () => {
    const seo: PageSeo = {
      title: 'Flour | Larder',
      description: 'Flour & more',
      canonical: `${PUBLIC_URL}/products/flour`,
      openGraph: {},
      jsonLd: [],
    };
    for (const head of [
      '<meta name=description content="Old"><title>Old</title>',
      '<META NAME="description" CONTENT="Old" /><TITLE>Old</TITLE>',
      '',
    ]) {
      const html = withSeoHead(`<html><head>${head}</head><body></body></html>`, seo);
      expect(html.match(/<title>/gi)).toHaveLength(1);
      expect(html.match(/name=["']?description/gi)).toHaveLength(1);
      expect(titleOf(html)).toBe('Flour | Larder');
      expect(metaOf(html, 'name', 'description')).toBe('Flour &amp; more');
      expect(html).not.toContain('Old');
    }
  });

  it('serves robots.txt: the shop allowed; the API, seller area, cart and account pages not; the sitemap named', async () => {
    const res = await request(t.server).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.text.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /seller',
      'Disallow: /cart',
      'Disallow: /add-address',
      'Disallow: /my-orders',
      'Disallow: /profile',
      'Disallow: /loader',
      '',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      '',
    ]);
  });

  it('lists home, every category and every listed product in the sitemap, kept current by catalogue changes', async () => {
    const sitemap = async () => {
      const res = await request(t.server).get('/sitemap.xml').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      return res.text;
    };
    const lastmodOf = (xml: string, loc: string) =>
      new RegExp(`<url><loc>${loc.replace(/[.?]/g, '\\$&')}</loc><lastmod>([^<]+)</lastmod></url>`).exec(
        xml,
      )?.[1];

    const first = await sitemap();
    expect(first.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    for (const loc of ['/', '/products', '/products/dairy', '/products/whole_spices', '/products/flour']) {
      expect(first).toContain(`<loc>${PUBLIC_URL}${loc}</loc>`);
    }
    const cheddarUrl = `${PUBLIC_URL}/products/dairy/${cheddar}`;
    expect(lastmodOf(first, cheddarUrl)).toBe('2026-01-02T03:04:05Z');
    expect(first).toContain(`<loc>${PUBLIC_URL}/products/bakery/${hostile}</loc>`);
    expect(first).not.toContain('<script>');

    const added = await createProduct(t, { name: 'Tricolour Quinoa 300g', category: 'Grains' });
    expect(await sitemap()).toContain(`<loc>${PUBLIC_URL}/products/grains/${added}</loc>`);

    // A seller's change moves the product's lastmod; deleting it takes it out.
    const seller = await signInSeller(t);
    await request(t.server)
      .post('/api/product/stock')
      .set('Cookie', seller)
      .send({ id: cheddar, inStock: false })
      .expect(200);
    const after = lastmodOf(await sitemap(), cheddarUrl);
    expect(Date.parse(after!)).toBeGreaterThan(Date.parse('2026-01-02T03:04:05Z'));
    await request(t.server).delete(`/api/product/${added}`).set('Cookie', seller).expect(200);
    expect(await sitemap()).not.toContain(added);
  });
  it('gives a product in a reduction its reduced price, valid until the reduction’s last day', async () => {
    const clock = t.app.get(Clock);
    const realNow = clock.now;
    const DAY = 24 * 60 * 60 * 1000;
    const start = Date.now();
    try {
      // Sold at £2.50 (no VAT) for 40 days, then reduced to £1.80 for one London day, 20 November 2026.
      const coffee = await createProduct(t, {
        name: 'Coffee Beans 250g',
        category: 'Beverages',
        price: 250,
        offerPrice: 250,
        vatBasisPoints: 0,
      });
      clock.now = () => new Date(start + 40 * DAY);
      const seller = await signInSeller(t);
      const day = londonIsoString(new Date(start + 41 * DAY)).slice(0, 10);
      await request(t.server)
        .post('/api/seller/promotions')
        .set('Cookie', seller)
        .send({ kind: 'reduction', products: [coffee], price: 1.8, startsAt: day, endsAt: day })
        .expect(201);
      clock.now = () => new Date(start + 41 * DAY + 60_000);
      const html = (await page(`/products/beverages/${coffee}`)).text;
      expect(metaOf(html, 'property', 'product:price:amount')).toBe('1.80');
      const [product] = jsonLdOf(html);
      expect(product!.offers).toMatchObject({ price: '1.80', priceValidUntil: day, priceCurrency: 'GBP' });
    } finally {
      clock.now = realNow;
    }
  });
});
