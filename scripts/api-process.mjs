// How the API process is started, in one place: `npm start`, the browser journeys, the bench, the crash test,
// `npm run size` and `npm run lighthouse` spawn it through apiArgs(); the Dockerfile's CMD passes the same flags
// (backend/test/deployment.spec.ts compares them).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The built API. */
export const API_ENTRY = path.join(root, 'backend/dist/app/main.js');

/**
 * V8 flags of the API. Its requests allocate little and briefly, so a young generation of 4 MB per
 * semi-space (V8's default grows to 16 MB) costs no measurable throughput and keeps tens of MB less resident.
 * `--expose-gc` lets the server collect once when start-up is over (backend/src/app/main.ts): opening the database
 * leaves hundreds of MB of garbage that V8 would otherwise keep until it has been idle for about half a minute.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=4', '--expose-gc'];

/** The arguments for `node` that run an API build (this checkout's unless another entry is given). */
export function apiArgs(entry = API_ENTRY) {
  return [...API_NODE_FLAGS, entry];
}
