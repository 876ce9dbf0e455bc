/**
 * The product list over HTTP: how a snapshot is sent (ETag, 304, brotli or gzip), by the controller and by the
 * fast path that answers `GET /api/product/list` straight from memory (../http/product-list-fast-path.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesEtag, pickEncoding } from '../common/http-caching';
import type { ProductListSnapshot } from './product-list.cache';

export const PRODUCT_LIST_PATH = '/api/product/list';

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
