/**
 * Writes backend/openapi.json, the contract the frontends' API client is generated from.
 * Needs no database server: the app is started on a throw-away in-memory PGlite.
 *   npm run build -w backend && npm run openapi -w backend
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { OpenAPIObject } from '@nestjs/swagger';
import { buildOpenApiDocument, createApp } from './app.factory';
import { createPglite } from '../db/database';

export const OPENAPI_FILE = path.resolve(__dirname, '../../openapi.json');

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as Record<string, unknown>)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** The document as committed: keys sorted, two-space indentation, trailing newline. */
export function serializeOpenApi(document: OpenAPIObject): string {
  return `${JSON.stringify(sortKeys(document), null, 2)}\n`;
}

export async function generateOpenApiJson(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'larder-openapi-'));
  const { app } = await createApp(
    { dataDir, databaseUrl: undefined, seed: false, logLevel: 'silent', redisUrl: undefined },
    { pglite: createPglite(), swagger: false },
  );
  try {
    return serializeOpenApi(buildOpenApiDocument(app));
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  // A build tool, not a server: the contract is the same in every mode, so no production secrets are needed.
  process.env.NODE_ENV ??= 'development';
  generateOpenApiJson()
    .then((json) => {
      fs.writeFileSync(OPENAPI_FILE, json);
      process.stdout.write(`Wrote ${path.relative(process.cwd(), OPENAPI_FILE) || OPENAPI_FILE}\n`);
      process.exit(0);
    })
    .catch((err: unknown) => {
      process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    });
}
