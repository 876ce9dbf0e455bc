import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  OnApplicationShutdown,
} from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DatabaseHandle, openDatabase, runMigrations } from './database';
import { seedDemoCatalogue } from './seed';
import { importProductImageFolder, legacyPictureFolder } from './product-images';

export type { Database, DbExecutor, DbTransaction } from './database';

/** Injection token of the Drizzle database: `@Inject(DB) private readonly db: Database`. */
export const DB = Symbol('DB');
/** Injection token of the DatabaseHandle (engine name, close). */
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');

export interface DatabaseModuleOptions {
  /** An already-open PGlite instance to use instead of opening DATA_DIR (tests). */
  pglite?: PGlite;
}

@Injectable()
class DatabaseCloser implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}

/** Global module: opens the database, applies migrations, seeds the demo catalogue when asked, closes on shutdown. */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseModuleOptions = {}): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DATABASE_HANDLE,
          inject: [APP_CONFIG],
          useFactory: async (config: AppConfig): Promise<DatabaseHandle> => {
            const logger = new Logger('Database');
            const handle = await openDatabase({
              databaseUrl: config.databaseUrl,
              dataDir: config.dataDir,
              pglite: options.pglite,
            });
            try {
              await handle.withStartupLock(async () => {
                await runMigrations(handle);
                const imported = await importProductImageFolder(handle.db, legacyPictureFolder(config));
                if (imported > 0)
                  logger.log(`Copied ${imported} product pictures from the uploads folder into the database`);
                if (config.seed) {
                  const added = await seedDemoCatalogue(handle.db);
                  if (added > 0) logger.log(`Seeded the demo catalogue with ${added} products`);
                }
              });
            } catch (err) {
              await handle.close().catch(() => undefined);
              throw err;
            }
            logger.log(`Using ${handle.engine === 'postgres' ? 'PostgreSQL server' : `PGlite`}`);
            return handle;
          },
        },
        { provide: DB, inject: [DATABASE_HANDLE], useFactory: (handle: DatabaseHandle) => handle.db },
        DatabaseCloser,
      ],
      exports: [DB, DATABASE_HANDLE],
    };
  }
}
