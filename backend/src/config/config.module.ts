import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from './app-config';

/**
 * Global module providing the validated AppConfig under the APP_CONFIG token, and the moment the shop's clock starts
 * at under 'CLOCK_STARTS_AT' (the name common/clock.ts reads; CLOCK_START outside production, else null).
 */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        // null, not undefined: Nest takes a provider whose useValue is undefined for a class provider.
        {
          provide: 'CLOCK_STARTS_AT',
          useValue: (config.isProduction ? undefined : config.clockStartsAt) ?? null,
        },
      ],
      exports: [APP_CONFIG, 'CLOCK_STARTS_AT'],
    };
  }
}
