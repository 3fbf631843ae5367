import { describe, expect, it } from 'vitest';
import { PERSISTED_ROOTS } from '../query-client';
import { listRouteKind, ONLINE_ONLY_LIST_ROUTES, SAVED_LIST_ROUTES, savedCopyOf } from './saved-lists';
import { PORTAL_ROUTES } from '../../shared/route-table';

const q = (key: string[], observers: number, dataUpdatedAt: number | null, waiting = true) => ({ queryKey: key, observers, hasData: dataUpdatedAt !== null, dataUpdatedAt: dataUpdatedAt ?? 0, waiting });

describe('savedCopyOf', () => {
  it('takes the oldest save time among the queries on screen', () => {
    expect(savedCopyOf([q(['staff', 'list'], 1, 2000), q(['staff', 'profiles'], 2, 1000)])).toEqual({ savedAt: 1000, missing: false });
  });
  it('ignores queries nobody shows and the shell’s own', () => {
    expect(savedCopyOf([q(['staff', 'list'], 0, 1000), q(['reference', 'userinfo'], 1, 500), q(['printers', 'list'], 1, 3000)])).toEqual({ savedAt: 3000, missing: false });
  });
  it('says when a query on screen has no copy', () => {
    expect(savedCopyOf([q(['finance', 'x'], 1, null), q(['reference', 'userinfo'], 1, 500)])).toEqual({ savedAt: null, missing: true });
    expect(savedCopyOf([])).toEqual({ savedAt: null, missing: false });
    // A query waiting for a choice (disabled) is not missing.
    expect(savedCopyOf([q(['donations', 'links'], 1, null, false)])).toEqual({ savedAt: null, missing: false });
  });
});

describe('list routes', () => {
  it('recognises list pages with or without a trailing slash, in any case', () => {
    expect(listRouteKind('/cadastro/mepaylink/')).toBe('saved');
    expect(listRouteKind('/cadastro/operador')).toBe('saved');
    expect(listRouteKind('/financeiro/saquesdiarios')).toBe('online-only');
    expect(listRouteKind('/dashboard')).toBeNull();
    expect(listRouteKind('/produtos/produto/cadastro')).toBeNull();
  });
  it('names only routes of the portal’s route table', () => {
    const known = new Set(PORTAL_ROUTES.map((r) => r.path.toLowerCase()));
    for (const p of [...SAVED_LIST_ROUTES, ...ONLINE_ONLY_LIST_ROUTES]) expect(known.has(p.toLowerCase()), p).toBe(true);
  });
  it('keeps no finance, accreditation, cashless or bank data on the device', () => {
    for (const root of ['finance', 'accreditation', 'cashless', 'bank-accounts']) expect(PERSISTED_ROOTS).not.toContain(root);
  });
});
