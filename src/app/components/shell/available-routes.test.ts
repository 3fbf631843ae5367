/**
 * Every "module" route of the portal's route table has a screen of its own (a route file), so none
 * falls through to the catch-all's "em construção" page any more.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PORTAL_ROUTES } from '../../../shared/route-table';
import { isRouteAvailable, tablePathOf } from './available-routes';

const generated = readFileSync(new URL('../../routeTree.gen.ts', import.meta.url), 'utf8');
const built = new Set([...generated.matchAll(/fullPath: '([^']+)'/g)].map((m) => tablePathOf(m[1])));

describe('route table vs. screens', () => {
  it('no module route of the table is "em construção"', () => {
    const unbuilt = PORTAL_ROUTES.filter((r) => r.kind === 'module' && !isRouteAvailable(r, built, null)).map((r) => r.path);
    expect(unbuilt).toEqual([]);
  });

  it('the skipped-products list is built; legacy pages need the legacy portal', () => {
    const skipped = PORTAL_ROUTES.find((r) => r.path === '/produtos/skippedproducts')!;
    expect(isRouteAvailable(skipped, built, null)).toBe(true);
    const legacy = PORTAL_ROUTES.find((r) => r.kind === 'legacy' && !built.has(r.path.toLowerCase()))!;
    expect(isRouteAvailable(legacy, built, null)).toBe(false);
    expect(isRouteAvailable(legacy, built, 'http://legado.example')).toBe(true);
  });
});
