/**
 * Builds the Nest application: the modules (./app.module.ts), the HTTP work around their routes in its order
 * (../http/http-pipeline.ts), Swagger and logging.
 * Used by main.ts, the OpenAPI script and the tests.
 *
 * There is no global route prefix: controllers carry their full path, e.g. `@Controller('api/product')`.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppModule, AppModuleOptions } from './app.module';
import { AppConfig, loadConfig, withOverrides } from '../config/app-config';
import { CUSTOMER_AUTH, finishOpenApiDocument, SELLER_AUTH } from '../common/openapi-docs';
import { CUSTOMER_COOKIE, SELLER_COOKIE } from '../session/session-cookies';
import { frameworkErrorHandler } from '../http/http-exception.filter';
import { MAX_BODY_BYTES, registerHttpPipeline } from '../http/http-pipeline';
import { ShopFastifyAdapter } from '../http/page-fallback';
import { registerCheckoutFastPath } from '../checkout/checkout-fast-path';

export interface CreateAppOptions extends AppModuleOptions {
  /** Skip the Swagger UI routes (the document can still be built with buildOpenApiDocument). */
  swagger?: boolean;
  /**
   * Whether placing a COD order is answered before its Nest handler (../checkout/checkout-fast-path.ts). On unless
   * false: a test compares the answers of both ways.
   */
  checkoutFastPath?: boolean;
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
        'every error answers `{ success: false, message, code }`: compare `code` (ErrorCode), never the message, ' +
        'which may be reworded. The Google redirect sign-in ' +
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
  const adapter = new ShopFastifyAdapter({
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

  await registerHttpPipeline(app, adapter, config);
  if (options.checkoutFastPath !== false) registerCheckoutFastPath(adapter.getInstance(), app);

  if (options.swagger !== false) {
    // Built on the first request for the docs, not kept from start-up.
    SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
      jsonDocumentUrl: 'api/openapi.json',
      yamlDocumentUrl: 'api/openapi.yaml',
      customSiteTitle: 'Larder API',
    });
  }

  await app.init();
  await adapter.getInstance().ready();
  // Start-up logs are buffered until the logger is ready; Nest only flushes them in listen(), which the
  // tests and the OpenAPI script never call, so later lines would stay in memory unwritten.
  app.flushLogs();
  return { app, config };
}
