import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { donationQueries } from '../features/donations/api/donation-queries';
import { salesPointQueries } from '../features/sales-points/api/sales-points-api';
import { queryArea } from './get-query';

describe('queryArea', () => {
  it('puts the area first in every key get makes, and all is the area alone', () => {
    const q = queryArea('things', (get) => ({ one: (id: string) => get(['one', id], `api/things/${id}`, z.string()), every: () => get([], 'api/things', z.string()) }));
    expect(q.all).toEqual(['things']);
    expect(q.one('7').queryKey).toEqual(['things', 'one', '7']);
    expect(q.every().queryKey).toEqual(['things']);
  });
  it('keeps the keys the areas had before (the persisted cache and invalidations use them)', () => {
    expect(donationQueries.all).toEqual(['donations']);
    expect(donationQueries.report('L1', 'E1', undefined).queryKey).toEqual(['donations', 'report', 'L1', 'E1', '']);
    expect(donationQueries.dashboard('E1')).toMatchObject({ queryKey: ['donations', 'dashboard', 'E1'], refetchInterval: expect.any(Number) });
    expect(salesPointQueries.list('L1').queryKey).toEqual(['sales-points', 'list', 'L1']);
    expect(salesPointQueries.linked('L1', 'S1')).toMatchObject({ queryKey: ['sales-points', 'devices', 'L1', 'linked', 'S1'], staleTime: 0 });
  });
});
