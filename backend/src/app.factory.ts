/**
 * Builds the Nest application with every global concern applied: security headers, cookies, multipart,
 * validation, the error filter, the origin check, CORS for ALLOWED_ORIGINS, Swagger, logging, static frontends.
 * Used by main.ts, the OpenAPI script and the tests.
 *
 * There is no global route prefix: controllers carry their full path, e.g. `@Controller('api/product')`.
 */
import 'reflect-metadata';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Logger } from 'nestjs-pino';
import { MAX_IMAGE_BYTES } from '@larder/shared-domain';
import { AppModule, AppModuleOptions } from './app.module';
import { AppConfig, loadConfig, withOverrides } from './config/app-config';
import { registerStaticContent } from './web/frontends';
import { registerSeoRoutes } from './web/seo';
import { ProductListCache } from './catalog/product-list.cache';
import { Clock } from './common/clock';
import { SettingsService } from './settings/settings.service';
import { productListFastPath } from './catalog/product-list.http';
import { registerProductImageRoute } from './catalog/product-image.http';
import { DB, type Database } from './db/database.module';
import { registerHttpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';
import { AppExceptionFilter, frameworkErrorHandler } from './common/http-exception.filter';
import { cleanInputHook, registerSafeBodyParsers } from './common/input-safety';
import { personalResponsesHook } from './common/personal-responses';
import {
  CUSTOMER_AUTH,
  CUSTOMER_COOKIE,
  finishOpenApiDocument,
  SELLER_AUTH,
  SELLER_COOKIE,
} from './common/openapi-docs';
import { originCheckHook } from './common/origin-check';
import { securityHeadersHooks } from './common/security-headers';
import { createValidationPipe } from './common/validation';

export const MAX_UPLOAD_FILES = 4;
/** The largest JSON or form body accepted (uploads go through multipart with their own limits). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface CreateAppOptions extends AppModuleOptions {
  /** Skip the Swagger UI routes (the document can still be built with buildOpenApiDocument). */
  swagger?: boolean;
}

export interface LarderApp {
  app: NestFastifyApplication;
  config: AppConfig;
}

export function buildOpenApiDocument(app: NestFastifyApplication): OpenAPIObject {
  const options = new DocumentBuilder()
    .setTitle('Larder API')
    .setDescription(
      'The API of Larder, an online grocery shop. Amounts are pounds with two decimals; ' +
        'every error answers `{ success: false, message }`. The Google redirect sign-in ' +
        '(`GET /api/auth/google` and its callback) is a browser navigation, not an API call, and is not listed here.',
    )
    .setVersion('1.0.0')
    .setLicense('MIT', 'https://opensource.org/license/mit')
    .addServer('/', 'This shop (the API answers under /api on the same origin as the pages)')
    .addCookieAuth(CUSTOMER_COOKIE, { type: 'apiKey', in: 'cookie', name: CUSTOMER_COOKIE }, CUSTOMER_AUTH)
    .addCookieAuth(SELLER_COOKIE, { type: 'apiKey', in: 'cookie', name: SELLER_COOKIE }, SELLER_AUTH)
    .build();
  return finishOpenApiDocument(
    SwaggerModule.createDocument(app, options, {
      operationIdFactory: (_controllerKey: string, methodKey: string) => methodKey,
    }),
  );
}

/** Creates (and initialises) the application; call `app.listen` to serve it. */
export async function createApp(
  overrides: Partial<AppConfig> = {},
  options: CreateAppOptions = {},
): Promise<LarderApp> {
  const config = withOverrides(loadConfig(), overrides);
  const adapter = new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: MAX_BODY_BYTES,
    // Router errors (broken percent-encoding, over-long path parameters) in the shop's error shape.
    frameworkErrors: frameworkErrorHandler,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, {
    bufferLogs: true,
    abortOnError: false,
    // `req.rawBody` (RawBodyRequest) for signed webhooks.
    rawBody: true,
  });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();

  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const metrics = app.get(Metrics);
  registerHttpMetrics(fastify, metrics);
  const securityHooks = securityHeadersHooks(config);
  fastify.addHook('onRequest', securityHooks.onRequest);
  fastify.addHook('onSend', securityHooks.onSend);
  fastify.addHook('onRequest', productListFastPath(app.get(ProductListCache)));
  // JSON answers are compressed on the fly (a light brotli level keeps it cheap); the built frontends
  // are served from pre-compressed files.
  await app.register(fastifyCompress as never, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
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
  // Hostile input (deep JSON, NUL, lone surrogates) is refused before any route's validation runs.
  registerSafeBodyParsers(app, MAX_BODY_BYTES);
  fastify.addHook('preValidation', cleanInputHook);
  fastify.addHook('onSend', personalResponsesHook);
  if (config.allowedOrigins.length) {
    app.enableCors({ origin: config.allowedOrigins, credentials: true });
  }
  registerSeoRoutes(fastify, config.publicUrl, app.get(ProductListCache));
  registerProductImageRoute(fastify, app.get<Database>(DB));
  const spaFallback = await registerStaticContent(fastify, config, {
    clock: app.get(Clock),
    catalogue: app.get(ProductListCache),
    settings: app.get(SettingsService),
    metrics,
    // The adapter runs this hook before its CORS and middleware hooks (request logging among them): a page
    // sent from memory costs little more than the bytes it writes.
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
  app.useGlobalFilters(new AppExceptionFilter(spaFallback));

  if (options.swagger !== false) {
    // Built on the first request for the docs, not kept from start-up.
    SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
      jsonDocumentUrl: 'api/openapi.json',
      yamlDocumentUrl: 'api/openapi.yaml',
      customSiteTitle: 'Larder API',
    });
  }

  await app.init();
  await fastify.ready();
  // Start-up logs are buffered until the logger is ready; Nest only flushes them in listen(), which the
  // tests and the OpenAPI script never call, so later lines would stay in memory unwritten.
  app.flushLogs();
  return { app, config };
}
