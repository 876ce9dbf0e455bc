/**
 * The rate limits of ../common/throttling.ts, set up from the configuration: their sizes and windows, and the
 * counters in Redis when REDIS_URL is set (shared by every API replica), else in this process.
 */
import { ExecutionContext, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { RATE_LIMIT, type LimitName } from '../common/throttling';

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
