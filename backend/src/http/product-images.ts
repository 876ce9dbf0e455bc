/**
 * Serves the product pictures from the database at `/uploads/products/<name>`. A name is never reused for
 * other bytes, so a picture is cached for a year as immutable; the ETag (a hash of the bytes, the same on every
 * replica) lets a cache that revalidates anyway get a 304 without the bytes.
 */
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@larder/shared-domain';
import type { Database } from '../db/database';
import { matchesEtag } from '../common/http-caching';
import { findProductImage } from '../db/product-images';
import { PRODUCT_IMAGES_PATH } from '../catalog/product-images';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function registerProductImageRoute(fastify: FastifyInstance, db: Database): void {
  fastify.get<{ Params: { name: string } }>(`${PRODUCT_IMAGES_PATH}:name`, async (request, reply) => {
    const { name } = request.params;
    const image = NAME.test(name) ? await findProductImage(db, name) : undefined;
    if (!image) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ success: false, message: 'Picture not found', code: ERROR_CODES.NOT_FOUND });
    }
    reply.header('cache-control', IMMUTABLE).header('etag', image.etag);
    if (matchesEtag(request.headers['if-none-match'], image.etag)) return reply.code(304).send();
    return reply.type(`image/${image.format}`).send(image.bytes);
  });
}
