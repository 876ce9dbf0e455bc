import { DynamicModule, Module, Type } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule, DatabaseModuleOptions } from './db/database.module';
import { RateLimitModule } from './common/throttling';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { CatalogModule } from './catalog/catalog.module';
import { CartModule } from './cart/cart.module';
import { SettingsModule } from './settings/settings.module';
import { OrdersModule } from './orders/orders.module';
import { DeliveryModule } from './delivery/delivery.module';
import { ContactModule } from './contact/contact.module';
import { HealthModule } from './health/health.module';

/** Human-readable logs while developing (pino-pretty is a development dependency). */
function prettyTransport(config: AppConfig) {
  if (config.nodeEnv !== 'development') return undefined;
  try {
    require.resolve('pino-pretty');
  } catch {
    return undefined;
  }
  return {
    target: 'pino-pretty',
    options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
  };
}

export interface AppModuleOptions extends DatabaseModuleOptions {
  /** Extra modules (tests mount probe controllers this way). */
  imports?: Type<unknown>[];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, options: AppModuleOptions = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            transport: prettyTransport(config),
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
                url: req.url,
              }),
              res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
            },
            customProps: () => ({ context: 'HTTP' }),
          },
        }),
        DatabaseModule.forRoot({ pglite: options.pglite }),
        RateLimitModule,
        AuthModule,
        UsersModule,
        CatalogModule,
        CartModule,
        SettingsModule,
        DeliveryModule,
        OrdersModule,
        ContactModule,
        HealthModule,
        ...(options.imports ?? []),
      ],
    };
  }
}
