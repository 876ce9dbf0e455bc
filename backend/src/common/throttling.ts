/**
 * Rate limiting (@nestjs/throttler). Nothing is limited by default: put `@RateLimited()` on a controller
 * method (or class) to apply the configured limit (THROTTLE_LIMIT requests per THROTTLE_TTL_MS per client IP).
 * With REDIS_URL set the counters live in Redis, shared by every API replica.
 * Over the limit: 429 `{ success: false, message: MESSAGES.tooManyRequests }`.
 */
import { applyDecorators, Injectable, Module, OnApplicationShutdown, UseGuards } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ApiTooMany } from './openapi-docs';

const redisStorages = new Set<ThrottlerStorageRedisService>();

@Injectable()
class RedisStorageCloser implements OnApplicationShutdown {
  onApplicationShutdown(): void {
    for (const storage of redisStorages) {
      storage.onModuleDestroy();
      redisStorages.delete(storage);
    }
  }
}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        let storage: ThrottlerStorageRedisService | undefined;
        if (config.redisUrl) {
          storage = new ThrottlerStorageRedisService(config.redisUrl);
          redisStorages.add(storage);
        }
        return {
          throttlers: [{ name: 'default', limit: config.throttleLimit, ttl: config.throttleTtlMs }],
          storage,
        };
      },
    }),
  ],
  providers: [RedisStorageCloser],
})
export class RateLimitModule {}

/** Applies the configured rate limit to a route (or every route of a controller) and documents the 429. */
export function RateLimited(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(ThrottlerGuard), ApiTooMany());
}
