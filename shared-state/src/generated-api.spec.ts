import { spawnSync } from 'node:child_process';
import path from 'node:path';

describe('generated API', () => {
  it('matches backend/openapi.json (run `npm run codegen -w shared-state` when this fails)', () => {
    const check = spawnSync(process.execPath, [path.join(__dirname, '../scripts/codegen.mjs'), '--check'], {
      encoding: 'utf8',
    });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 60_000);
});
