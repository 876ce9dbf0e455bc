import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProductListCache } from '../catalog/product-list.cache';
import { PRODUCT_LIST_PATH, sendList } from '../catalog/product-list.http';

/**
 * The hottest request of the shop, answered before routing: while the list in memory is current, a plain
 * `GET /api/product/list` is sent from it by an onRequest hook (registered right after the security headers,
 * ./http-pipeline.ts), skipping the router, middleware and parameter handling that this read does not need. Anything else (a
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
