/**
 * `npm run backup -- [FILE]` and `npm run restore -- FILE [--force]`, on the database the shop is configured
 * with: the server in DATABASE_URL, otherwise PGlite in DATA_DIR (default ./data; stop the shop first, since
 * an embedded database has one user at a time). Without FILE a backup goes to backups/larder-<UTC time>.sql.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createPglite } from '../db/database';
import { REPO_ROOT } from '../config/app-config';
import { backup, BackupError, restore, Target } from './backup';

function usage(): never {
  process.stderr.write('Usage: npm run backup -- [FILE]\n       npm run restore -- FILE [--force]\n');
  process.exit(2);
}

async function withTarget<T>(mustExist: boolean, work: (target: Target) => Promise<T>): Promise<T> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (databaseUrl) return work({ databaseUrl });
  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || path.join(REPO_ROOT, 'data'));
  const dir = path.join(dataDir, 'pglite');
  if (mustExist && !fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    throw new BackupError(`No PGlite database in ${dataDir} (set DATA_DIR, or DATABASE_URL for a server)`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const pglite = createPglite(dir);
  try {
    return await work({ pglite });
  } finally {
    await pglite.close();
  }
}

const shown = () =>
  process.env.DATABASE_URL?.trim()
    ? `the server in DATABASE_URL (${process.env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@')})`
    : `PGlite in ${path.resolve(process.env.DATA_DIR?.trim() || path.join(REPO_ROOT, 'data'))}`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const force = rest.includes('--force');
  const files = rest.filter((a) => a !== '--force');
  if (files.length > 1) usage();
  if (command === 'backup') {
    const file = path.resolve(
      files[0] ??
        path.join(REPO_ROOT, 'backups', `larder-${new Date().toISOString().replace(/[:.]/g, '-')}.sql`),
    );
    const text = await withTarget(true, backup);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(`${file}.tmp`, text, { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
    process.stdout.write(`Backed up ${shown()} to ${file} (${(text.length / 1024).toFixed(0)} KB)\n`);
  } else if (command === 'restore') {
    if (!files[0]) usage();
    const text = fs.readFileSync(path.resolve(files[0]), 'utf8');
    const info = await withTarget(false, (target) => restore(text, target, { force }));
    process.stdout.write(
      `Restored ${files[0]} (from ${info.engine}, ${info.createdAt}) into ${shown()}. ` +
        'Start the shop on it; newer migrations, if any, apply on start.\n',
    );
  } else {
    usage();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `${err instanceof BackupError ? err.message : err instanceof Error ? err.stack : String(err)}\n`,
  );
  process.exit(1);
});
