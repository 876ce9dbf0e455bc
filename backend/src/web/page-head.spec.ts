import { jsonForHtml, storefrontPageChunk } from './page-head';

describe('page head', () => {
  it('writes JSON that cannot end the <script> element it sits in', () => {
    const text = jsonForHtml({ name: '</script><script>alert(1)</script>', and: 'a & b', line: '\u2028' });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({
      name: '</script><script>alert(1)</script>',
      and: 'a & b',
      line: '\u2028',
    });
  });

  it("maps the shop's main paths to their page chunks", () => {
    expect(storefrontPageChunk('/')).toBe('page-home');
    expect(storefrontPageChunk('/home')).toBe('page-home');
    expect(storefrontPageChunk('/products')).toBe('page-products');
    expect(storefrontPageChunk('/products/dairy')).toBe('page-category');
    expect(storefrontPageChunk('/products/dairy/abc')).toBe('page-product');
    expect(storefrontPageChunk('/nowhere/at/all')).toBeUndefined();
  });
});
