// What a search engine reads of the shop: a product page's own title and structured data as the server sends
// them, the same title once the browser has taken over, and robots.txt and the sitemap.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

async function serverHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  return response.text();
}

const decodeHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

test.describe('found by search engines @phone', () => {
  test('a product page is titled with its name, pack and price, by the server and then the browser', async ({
    page,
    api,
  }) => {
    const cheddar = (await api.products()).find((p) => p.name === 'Mature Cheddar 400g')!;
    const path = `/products/dairy/${cheddar._id}`;
    const title = `Mature Cheddar 400g – £${cheddar.offerPriceWithVat.toFixed(2)} | Larder`;

    const html = await serverHtml(page, path);
    expect(decodeHtml(/<title>([^<]*)<\/title>/.exec(html)![1]!)).toBe(title);
    const [product] = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as { '@type': string; name: string; offers: Record<string, string> },
    );
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Mature Cheddar 400g',
      offers: {
        price: cheddar.offerPriceWithVat.toFixed(2),
        priceCurrency: 'GBP',
        availability: 'https://schema.org/InStock',
      },
    });

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Mature Cheddar 400g' })).toBeVisible();
    await expect(page).toHaveTitle(title);
    await page.goto('/products/dairy');
    await expect(page).toHaveTitle('Dairy Products | Larder');
  });

  test('robots.txt names the sitemap, which lists every category and product', async ({ page, api }) => {
    const robots = await (await page.request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /api/');
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots)![1]!;
    const sitemap = await (await page.request.get(new URL(sitemapUrl).pathname)).text();
    for (const product of await api.products()) {
      expect(sitemap).toContain(`/products/${product.category.toLowerCase()}/${product._id}</loc>`);
    }
    expect(sitemap).toContain('/products/whole_spices</loc>');
  });
});
