import path from 'node:path';
import { filesOfPart, PARTS } from './part';

describe('the suite in parts', () => {
  it('puts every spec file in exactly one part, and has a file for each part', () => {
    const all = Array.from({ length: PARTS }, (_, i) => filesOfPart(i + 1)).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain(path.resolve(__dirname, '../../src/cart/cart.spec.ts'));
    expect(all).toContain(path.resolve(__filename));
    for (let n = 1; n <= PARTS; n += 1) {
      expect(require.resolve(`./part-${n}.suite.ts`)).toBeTruthy();
    }
  });
});
