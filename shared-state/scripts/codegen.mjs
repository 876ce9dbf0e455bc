#!/usr/bin/env node
// Generates src/generated/api.ts from backend/openapi.json, or with --check fails when it is stale.
import { generateEndpoints } from '@rtk-query/codegen-openapi';
import { createRequire } from 'node:module';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const config = createRequire(import.meta.url)(path.join(here, 'codegen.config.cjs'));
process.chdir(here);

const check = process.argv.includes('--check');
const schemaFile = path.resolve(here, config.schemaFile);
if (!existsSync(schemaFile)) {
  console.error(`OpenAPI document not found: ${schemaFile} (run \`npm run openapi\` first).`);
  process.exit(1);
}

if (!check) {
  await generateEndpoints(config);
  console.log(`Generated ${config.outputFile} from ${path.relative(here, schemaFile)}`);
} else {
  // Generate beside the committed file so relative imports come out identical, then compare.
  const probe = config.outputFile.replace(/\.ts$/, '.check.ts');
  try {
    await generateEndpoints({ ...config, outputFile: probe });
    const fresh = readFileSync(probe, 'utf8');
    const current = existsSync(config.outputFile) ? readFileSync(config.outputFile, 'utf8') : '';
    if (fresh !== current) {
      console.error(`${config.outputFile} is stale: run \`npm run codegen -w shared-state\`.`);
      process.exit(1);
    }
    console.log(`${config.outputFile} matches ${path.relative(here, schemaFile)}.`);
  } finally {
    rmSync(probe, { force: true });
  }
}
