import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const e2eDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The shop under test, e.g. http://127.0.0.1:41234 (set by run-journeys.mjs). */
export const BASE_URL = (process.env.LARDER_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');

/** Screenshots and other files a human looks at after the run (gitignored). */
export const ARTIFACTS_DIR = process.env.LARDER_ARTIFACTS ?? path.join(e2eDir, 'artifacts');
mkdirSync(ARTIFACTS_DIR, { recursive: true });

export const SELLER = {
  email: process.env.SELLER_EMAIL ?? 'seller@larder.local',
  password: process.env.SELLER_PASSWORD ?? 'larder-seller',
};

/** How long a user-visible expectation may take before it fails (the machine is slow and shared). */
export const UI_TIMEOUT_MS = Number(process.env.E2E_UI_TIMEOUT_MS ?? 20_000);
