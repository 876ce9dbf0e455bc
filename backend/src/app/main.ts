import { createApp } from './app.factory';
import { ConfigError, DEV_SELLER_EMAIL, DEV_SELLER_PASSWORD } from '../config/app-config';
import { DEV_STAFF } from '../staff/staff.service';

async function bootstrap(): Promise<void> {
  const { app, config } = await createApp();
  await app.listen({ port: config.port, host: config.host });
  // Start-up (above all opening PGlite) leaves large buffers behind as garbage: collect it now rather than
  // when V8 next finds the process idle. Available when node runs with --expose-gc (scripts/api-process.mjs).
  (globalThis as { gc?: () => void }).gc?.();
  const url = config.publicUrl;
  const lines = [
    `Larder is running at ${url} (listening on ${config.host}:${config.port}, ${config.nodeEnv} mode)`,
    `  API docs:   ${url}/api/docs`,
    `  Database:   ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}`,
  ];
  if (!config.isProduction) {
    const devLogin = config.sellerEmail === DEV_SELLER_EMAIL && config.sellerPassword === DEV_SELLER_PASSWORD;
    lines.push(
      devLogin
        ? `  Seller:     ${url}/seller  (sign in as ${DEV_SELLER_EMAIL} / ${DEV_SELLER_PASSWORD})`
        : `  Seller:     ${url}/seller  (sign in as ${config.sellerEmail})`,
    );
    if (config.seed)
      for (const member of DEV_STAFF)
        lines.push(
          `  ${`${member.role[0].toUpperCase()}${member.role.slice(1)}:`.padEnd(12)}${member.email} / ${member.password}`,
        );
    if (config.devSignIn) lines.push('  Customers:  development sign-in is on (no GOOGLE_CLIENT_ID set)');
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

bootstrap().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    if (!process.env.NODE_ENV?.trim()) {
      process.stderr.write(
        'Without NODE_ENV the server runs as production. To try the shop locally, use `npm start` ' +
          '(or set NODE_ENV=development).\n',
      );
    }
  } else {
    process.stderr.write(
      `Larder failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
