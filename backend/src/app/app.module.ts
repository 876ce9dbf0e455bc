import { DynamicModule, Module, RequestMethod, Type } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule, DatabaseModuleOptions } from '../db/database.module';
import { MetricsModule } from '../metrics/metrics.module';
import { RateLimitModule } from '../http/rate-limit.module';
import { ClockModule } from '../common/clock';
import { SessionModule } from '../session/session.module';
import { AuthModule } from '../auth/auth.module';
import { SellerAuthModule } from '../seller-auth/seller-auth.module';
import { StaffModule } from '../staff/staff.module';
import { UsersModule } from '../users/users.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CartModule } from '../cart/cart.module';
import { SettingsModule } from '../settings/settings.module';
import { BusinessModule } from '../business/business.module';
import { OrdersModule } from '../orders/orders.module';
import { CheckoutModule } from '../checkout/checkout.module';
import { FulfilmentModule } from '../fulfilment/fulfilment.module';
import { MoneyModule } from '../money/money.module';
import { LiveModule } from '../live/live.module';
import { DeliveryModule } from '../delivery/delivery.module';
import { ContactModule } from '../contact/contact.module';
import { NewsletterModule } from '../newsletter/newsletter.module';
import { PrivacyModule } from '../privacy/privacy.module';
import { HealthModule } from '../health/health.module';
import { RegularsModule } from '../regulars/regulars.module';

/**
 * Human-readable log lines for a developer at a terminal (pino-pretty is a development dependency), formatted
 * in the process itself: a transport would start a worker thread with its own JavaScript heap. Anywhere else
 * (piped, in a container, in production) the lines stay JSON.
 */
function prettyStream(config: AppConfig): DestinationStream | undefined {
  if (config.nodeEnv !== 'development' || !process.stdout.isTTY) return undefined;
  let pretty: typeof import('pino-pretty');
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use, not at start
    pretty = require('pino-pretty') as typeof import('pino-pretty');
  } catch {
    return undefined;
  }
  return pretty({ singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true });
}

export interface AppModuleOptions extends DatabaseModuleOptions {
  /** Extra modules (tests mount probe controllers this way). */
  imports?: Type<unknown>[];
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: DestinationStream;
}

/** Secrets and personal data never written to the log, wherever they appear in a logged object. */
const REDACTED_KEYS = [
  'cookie',
  'set-cookie',
  'authorization',
  'password',
  'token',
  'tokenId',
  'idToken',
  'accessToken',
  'refreshToken',
  'email',
  'phone',
];

export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...REDACTED_KEYS.flatMap((key) => [`["${key}"]`, `*["${key}"]`, `*.*["${key}"]`, `*.*.*["${key}"]`]),
];

/**
 * The URL as logged: the query string of sign-in callbacks (OAuth `code` and `state`) is left out, so
 * nothing that could complete a sign-in reaches the log.
 */
export function urlForLog(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const pathName = url.slice(0, q);
  return /^\/api\/auth\/|\/callback$/.test(pathName) ? `${pathName}?[redacted]` : url;
}

/** The levels at which pino-http's line per request (written at info) is written. */
const REQUEST_LINE_LEVELS = new Set(['info', 'debug', 'trace']);

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    const logStream = options.logStream ?? prettyStream(config);
    const httpLogging: PinoHttpOptions = {
      level: config.logLevel,
      redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
      autoLogging: {
        ignore: (req) => {
          const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '';
          return url.startsWith('/api/health');
        },
      },
      serializers: {
        req: (req: { id?: unknown; method?: string; url?: string }) => ({
          id: req.id,
          method: req.method,
          url: urlForLog(req.url),
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        // The request line names the failure only; the exception filter logs the stack of an unexpected error
        // once, and a deliberate 5xx answer (a feature not configured) has none worth logging.
        err: (err: { name?: string; message?: string }) => ({ type: err.name, message: err.message }),
      },
      customProps: () => ({ context: 'HTTP' }),
    };
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          // The catalogue read is the hottest route and is answered from memory: no per-request log for it.
          exclude: [{ method: RequestMethod.GET, path: 'api/product/list' }],
          pinoHttp: logStream ? [httpLogging, logStream] : httpLogging,
          // Above info no request line is written: no route gets pino-http's request loggers (two child loggers,
          // the request serialised and redacted, listeners on the response) nor the request's logging context,
          // whose async context would otherwise follow every promise of every request. A warning or error
          // written meanwhile names its request itself (see AppExceptionFilter).
          ...(REQUEST_LINE_LEVELS.has(config.logLevel) ? {} : { forRoutes: [] }),
        }),
        DatabaseModule.forRoot({ pglite: options.pglite }),
        MetricsModule,
        RateLimitModule,
        ClockModule,
        SessionModule,
        AuthModule,
        SellerAuthModule,
        StaffModule,
        UsersModule,
        CatalogModule,
        CartModule,
        SettingsModule,
        BusinessModule,
        DeliveryModule,
        OrdersModule,
        CheckoutModule,
        FulfilmentModule,
        MoneyModule,
        LiveModule,
        RegularsModule,
        ContactModule,
        NewsletterModule,
        PrivacyModule,
        HealthModule,
        ...(options.imports ?? []),
      ],
    };
  }
}
