/**
 * The shop's HTTP work around the Nest routes, registered in one place. A request meets it in this order:
 *
 *  1. a page kept in memory for anonymous visitors is answered at once (the adapter's first hook: a page sent
 *     from memory costs little more than the bytes it writes), with the security headers of step 3;
 *  2. timing for the metrics (../metrics/http-metrics.ts);
 *  3. the security headers, chosen by what is sent rather than by the URL (./security-headers.ts);
 *  4. `GET /api/product/list` answered from memory (./product-list-fast-path.ts);
 *  5. compression of JSON answers on the fly (the built frontends are served from pre-compressed files);
 *  6. cookies, multipart uploads;
 *  7. the origin check of every write (./origin-check.ts);
 *  8. hostile input refused before validation (./safe-input.ts);
 *  9. answers that carry a session kept out of shared caches (./personal-responses.ts);
 * 10. CORS for ALLOWED_ORIGINS;
 * 11. the routes outside Nest: robots.txt and sitemap.xml, the product pictures, the built frontends (../web/);
 * 12. the Nest routes, with the validation pipe and the exception filter (the shop's error shape); placing a
 *     cash-on-delivery order is answered just before its Nest handler, with the same guards and answers
 *     (../checkout/checkout-fast-path.ts, registered by the app factory);
 * 13. a request no route took: the page for a GET outside /api (rendered on the server when the storefront's
 *     route table says so, ../web/shop-pages.ts), the JSON 404 otherwise (./page-fallback.ts).
 */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@larder/shared-domain';
import type { AppConfig } from '../config/app-config';
import { Clock } from '../common/clock';
import { createValidationPipe } from '../common/validation';
import { DB, type Database } from '../db/database.module';
import { ProductListCache } from '../catalog/product-list.cache';
import { SettingsService } from '../settings/settings.service';
import { registerHttpMetrics } from '../metrics/http-metrics';
import { Metrics } from '../metrics/metrics';
import { registerStaticContent } from '../web/frontends';
import { registerSeoRoutes } from '../web/seo';
import { AppExceptionFilter } from './http-exception.filter';
import { originCheckHook } from './origin-check';
import type { ShopFastifyAdapter } from './page-fallback';
import { personalResponsesHook } from './personal-responses';
import { productListFastPath } from './product-list-fast-path';
import { registerProductImageRoute } from './product-images';
import { cleanInputHook, registerSafeBodyParsers } from './safe-input';
import { securityHeadersHooks } from './security-headers';

export const MAX_UPLOAD_FILES = 4;
/** The largest JSON or form body accepted (uploads go through multipart with their own limits). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Registers everything above on the application; call before `app.init()`. */
export async function registerHttpPipeline(
  app: NestFastifyApplication,
  adapter: ShopFastifyAdapter,
  config: AppConfig,
): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const metrics = app.get(Metrics);
  const catalogue = app.get(ProductListCache);

  registerHttpMetrics(fastify, metrics);
  const securityHooks = securityHeadersHooks(config);
  fastify.addHook('onRequest', securityHooks.onRequest);
  fastify.addHook('onSend', securityHooks.onSend);
  fastify.addHook('onRequest', productListFastPath(catalogue));
  await app.register(fastifyCompress as never, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // A light brotli level keeps compressing on the fly cheap.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie as never, { secret: config.jwtSecret });
  await app.register(fastifyMultipart as never, {
    limits: {
      files: MAX_UPLOAD_FILES,
      fileSize: MAX_IMAGE_BYTES,
      fields: 10,
      fieldSize: 100_000,
      parts: 20,
    },
  });
  fastify.addHook('onRequest', originCheckHook(config.allowedOrigins, config.publicUrl));
  registerSafeBodyParsers(app, MAX_BODY_BYTES);
  fastify.addHook('preValidation', cleanInputHook);
  fastify.addHook('onSend', personalResponsesHook);
  if (config.allowedOrigins.length) {
    app.enableCors({ origin: config.allowedOrigins, credentials: true });
  }

  registerSeoRoutes(fastify, config.publicUrl, catalogue);
  registerProductImageRoute(fastify, app.get<Database>(DB));
  const pageFallback = await registerStaticContent(fastify, config, {
    clock: app.get(Clock),
    catalogue,
    settings: app.get(SettingsService),
    metrics,
    answerFirst: (lookup) =>
      adapter.setOnRequestHook((request, reply, done) => {
        const answer = lookup(request as unknown as FastifyRequest);
        if (!answer) return done();
        securityHooks.onRequest(request as unknown as FastifyRequest, reply as unknown as FastifyReply, () =>
          answer(reply as unknown as FastifyReply),
        );
      }),
  });

  app.useGlobalPipes(createValidationPipe());
  // Also receives fastify's own errors (bad JSON, body too large): Nest routes them through the filters.
  app.useGlobalFilters(new AppExceptionFilter());
  adapter.usePageFallback(pageFallback);
}
