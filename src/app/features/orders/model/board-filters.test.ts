import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE_IDS, endOfDayIso, orderMatches, resolveFilters, startOfDayIso, todayInSaoPaulo } from './board-filters';
import { parseBoardSearch } from './board-search';

describe('board filters', () => {
  it('defaults to today in São Paulo, from 00:00:00.000 to 23:59:59.999', () => {
    // 02:30 UTC on the 11th is still the 10th in São Paulo (UTC-3).
    expect(todayInSaoPaulo(new Date('2026-03-11T02:30:00Z'))).toBe('2026-03-10');
    const f = resolveFilters({}, '2026-03-10');
    expect(f.dataInicio).toBe('2026-03-10T03:00:00.000Z');
    expect(f.dataFim).toBe('2026-03-11T02:59:59.999Z');
    expect(f.etapas).toEqual(DEFAULT_STATE_IDS);
    expect(f.page).toBe(1);
  });
  it('uses the chosen days and never an end before the start', () => {
    expect(resolveFilters({ de: '2026-03-01', ate: '2026-03-05' }, '2026-03-10')).toMatchObject({
      dataInicio: startOfDayIso('2026-03-01'),
      dataFim: endOfDayIso('2026-03-05'),
    });
    expect(resolveFilters({ de: '2026-03-05', ate: '2026-03-01' }, '2026-03-10').dataFim).toBe(endOfDayIso('2026-03-05'));
    // Only the first day in the URL: up to today.
    expect(resolveFilters({ de: '2026-03-05' }, '2026-03-10').dataFim).toBe(endOfDayIso('2026-03-10'));
  });
  it('parses the URL and drops what it cannot use', () => {
    expect(parseBoardSearch({ q: '  pizza ', de: '2026-03-01', ate: 'ontem', etapas: '3,1,x,3', pagina: '2', mesa: '', loja: 'L1' })).toEqual({
      q: 'pizza',
      de: '2026-03-01',
      etapas: '1,3',
      pagina: 2,
      loja: 'L1',
    });
    expect(parseBoardSearch({ pagina: 1, etapas: '' })).toEqual({});
  });
  it('tells whether a new order belongs to a list', () => {
    const f = resolveFilters({ etapas: '1' }, '2026-03-10');
    const o = { DataCriacao: '2026-03-10T15:00:00.000Z', WorkflowInstance: { CurrenteState: { Id: 1 } }, StoreId: null, MesaId: null };
    expect(orderMatches(o, f)).toBe(true);
    expect(orderMatches({ ...o, WorkflowInstance: { CurrenteState: { Id: 2 } } }, f)).toBe(false);
    expect(orderMatches({ ...o, DataCriacao: '2026-03-11T15:00:00.000Z' }, f)).toBe(false);
    expect(orderMatches(o, { ...f, storeId: 'S1' })).toBe(false);
    expect(orderMatches(o, { ...f, keyword: 'pizza' })).toBe(false);
  });
});
