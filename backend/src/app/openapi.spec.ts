import fs from 'node:fs';
import { createTestApp, TestApp } from '../../test/harness';
import { buildOpenApiDocument } from './app.factory';
import { OPENAPI_FILE, serializeOpenApi } from './openapi';

describe('backend/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('matches what the app generates (run `npm run build -w backend && npm run openapi` to refresh it)', () => {
    const generated = serializeOpenApi(buildOpenApiDocument(t.app));
    const committed = fs.existsSync(OPENAPI_FILE) ? fs.readFileSync(OPENAPI_FILE, 'utf8') : '';
    expect(committed).toBe(generated);
  });

  it('names operations after their controller methods', () => {
    const doc = buildOpenApiDocument(t.app);
    const ids = Object.values(doc.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId?: string }>).map((op) => op.operationId),
    );
    expect(ids).toEqual(
      expect.arrayContaining(['listProducts', 'addProduct', 'setProductStock', 'deleteProduct']),
    );
    expect(ids).toEqual(expect.arrayContaining(['getShippingSettings', 'updateShippingSettings', 'health']));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
