/**
 * The product list over HTTP: how a snapshot is sent (ETag, 304, brotli or gzip), and the fast path that
 * answers `GET /api/product/list` straight from memory.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProductListCache, ProductListSnapshot } from './product-list.cache';

export const PRODUCT_LIST_PATH = '/api/product/list';

/** The best encoding of the list an Accept-Encoding header allows: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q[name] = weight ? Number(weight.slice(2)) || 0 : 1;
  }
  const br = q.br ?? q['*'] ?? 0;
  const gzip = q.gzip ?? q['*'] ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** Answers with the list: 304 when the client holds it, else the best encoding the client accepts. */
export function sendList(
  request: FastifyRequest,
  reply: FastifyReply,
  list: ProductListSnapshot,
): FastifyReply {
  reply.header('etag', list.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], list.etag)) return reply.status(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.status(200).type('application/json; charset=utf-8');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? list.encoded(encoding) : list.json);
}

/** True when an If-None-Match header lists the ETag (or `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * The hottest request of the shop, answered before routing: while the list in memory is current, a plain
 * `GET /api/product/list` is sent from it by an onRequest hook (registered right after the security headers),
 * skipping the router, middleware and parameter handling that this read does not need. Anything else (a
 * query string, a list being reloaded) goes on to CatalogController.listProducts, which answers the same way.
 */
export function productListFastPath(list: ProductListCache) {
  return function answerListFromMemory(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    const snapshot =
      request.method === 'GET' && request.url === PRODUCT_LIST_PATH ? list.current() : undefined;
    if (!snapshot) return done();
    sendList(request, reply, snapshot);
  };
}
