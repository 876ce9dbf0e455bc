/**
 * Rate limiting (@nestjs/throttler). Nothing is limited by default: put `@RateLimited()` on a controller
 * method (or class) to apply the configured limit per client IP (THROTTLE_LIMIT requests per THROTTLE_TTL_MS),
 * or `@CustomerRateLimited('address' | 'order')` on a customer route to limit it per signed-in customer
 * (ADDRESS_THROTTLE_LIMIT per ADDRESS_THROTTLE_TTL_MS; ORDER_THROTTLE_LIMIT per ORDER_THROTTLE_TTL_MS). With REDIS_URL set the counters live in Redis, shared by
 * every API replica. Over the limit: 429 `{ success: false, message: MESSAGES.tooManyRequests }`.
 */
import {
  applyDecorators,
  ExecutionContext,
  Injectable,
  Module,
  OnApplicationShutdown,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ApiTooMany } from './openapi-docs';

/** Which limit a route has: the per-IP default, or a per-customer one. */
type LimitName = 'default' | 'address' | 'order';
const RATE_LIMIT = 'larder:rate-limit';

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

/** Each limit applies only to the routes marked with its name. */
function appliesTo(name: LimitName) {
  return (context: ExecutionContext): boolean => {
    const marked =
      (Reflect.getMetadata(RATE_LIMIT, context.getHandler()) as LimitName | undefined) ??
      (Reflect.getMetadata(RATE_LIMIT, context.getClass()) as LimitName | undefined);
    return marked !== name;
  };
}

/** Per-customer limits count by the signed-in customer (set by the customer guard, which runs first). */
async function customerTracker(req: Record<string, unknown>): Promise<string> {
  const customer = req.customer as { userId?: string } | undefined;
  return customer?.userId ? `customer:${customer.userId}` : `ip:${String(req.ip)}`;
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
          throttlers: [
            {
              name: 'default',
              limit: config.throttleLimit,
              ttl: config.throttleTtlMs,
              skipIf: appliesTo('default'),
            },
            {
              name: 'address',
              limit: config.addressThrottleLimit,
              ttl: config.addressThrottleTtlMs,
              skipIf: appliesTo('address'),
              getTracker: customerTracker,
            },
            {
              name: 'order',
              limit: config.orderThrottleLimit,
              ttl: config.orderThrottleTtlMs,
              skipIf: appliesTo('order'),
              getTracker: customerTracker,
            },
          ],
          storage,
        };
      },
    }),
  ],
  providers: [RedisStorageCloser],
})
export class RateLimitModule {}

/** Applies the configured per-client rate limit to a route (or every route of a controller) and documents the 429. */
export function RateLimited(): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(RATE_LIMIT, 'default'), UseGuards(ThrottlerGuard), ApiTooMany());
}

/** Applies a per-customer limit to a customer route (after `@CustomerAuth()`), and documents the 429. */
export function CustomerRateLimited(name: Exclude<LimitName, 'default'>): MethodDecorator & ClassDecorator {
  return applyDecorators(SetMetadata(RATE_LIMIT, name), UseGuards(ThrottlerGuard), ApiTooMany());
}
