import { ensureTemplate } from './pglite-template';

/** Builds the migrated PGlite template once per run (a no-op when the migrations have not changed). */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const started = Date.now();
  const file = await ensureTemplate();
  if (Date.now() - started > 1000) {
    process.stdout.write(
      `\nPGlite template ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${file}\n`,
    );
  }
}
