import { describe, expect, it } from 'vitest';
import {
  acquirerBlockReason,
  activationRefusal,
  canActivate,
  filterBySearch,
  isMonitorPageSize,
  monitorSearch,
  showPhone,
  showZip,
  pageCount,
  pageOf,
  parseDateInput,
  proposalStatusLabel,
  searchActive,
  shownPage,
  showDateInput,
  wirePage,
} from './accreditation';

const p = (AcquirerId: number, Status: number, IsActiveProposal = false) => ({ AcquirerId, Status, IsActiveProposal });

describe('proposal states (spec 001 §4)', () => {
  it('labels 0/1/2 and anything else as pending', () => {
    expect([0, 1, 2, 7].map(proposalStatusLabel)).toEqual(['Pendente', 'Aprovada', 'Rejeitada', 'Pendente']);
  });
  it('activates only an approved proposal that is not active', () => {
    expect(canActivate(p(4, 1))).toBe(true);
    expect(canActivate(p(4, 1, true))).toBe(false);
    expect(canActivate(p(4, 0))).toBe(false);
    expect(canActivate(p(4, 2))).toBe(false);
    expect(activationRefusal(p(4, 0))).toBe('Só uma proposta aprovada pode ser ativada.');
    expect(activationRefusal(p(4, 1, true))).toBe('Esta proposta já é o adquirente ativo.');
    expect(activationRefusal(p(4, 1))).toBeNull();
  });
});

describe('acquirer picker (spec 001 §4)', () => {
  it('blocks Adiq (10) only while one of its proposals is pending', () => {
    expect(acquirerBlockReason(10, [])).toBeNull();
    expect(acquirerBlockReason(10, [p(10, 0)])).not.toBeNull();
    expect(acquirerBlockReason(10, [p(10, 1)])).toBeNull();
    expect(acquirerBlockReason(10, [p(10, 2)])).toBeNull();
    expect(acquirerBlockReason(10, [p(3, 0)])).toBeNull();
  });
  it('allows 15 only with no proposal or rejected ones', () => {
    expect(acquirerBlockReason(15, [])).toBeNull();
    expect(acquirerBlockReason(15, [p(15, 2)])).toBeNull();
    expect(acquirerBlockReason(15, [p(15, 2), p(15, 2)])).toBeNull();
    expect(acquirerBlockReason(15, [p(15, 0)])).not.toBeNull();
    expect(acquirerBlockReason(15, [p(15, 1)])).not.toBeNull();
    expect(acquirerBlockReason(15, [p(15, 2), p(15, 1)])).not.toBeNull();
  });
  it('leaves the other acquirers free', () => {
    expect(acquirerBlockReason(3, [p(3, 0), p(10, 0), p(15, 0)])).toBeNull();
  });
});

describe('paging and search (spec 001 §5, §9)', () => {
  const rows = Array.from({ length: 23 }, (_, i) => ({ name: `POS ${i + 1}`, serial: `PB-00${i}.${i}` }));
  it('pages 10 at a time, clamping out-of-range pages', () => {
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageOf(rows, 1, 10)).toHaveLength(10);
    expect(pageOf(rows, 3, 10).map((r) => r.name)).toEqual(['POS 21', 'POS 22', 'POS 23']);
    expect(pageOf(rows, 9, 10)).toEqual(pageOf(rows, 3, 10));
    expect(pageOf(rows, 0, 10)).toEqual(pageOf(rows, 1, 10));
  });
  it('searches from 3 characters, ignoring punctuation and case', () => {
    expect(searchActive('po')).toBe(false);
    expect(searchActive('p.o')).toBe(false);
    expect(searchActive('pos')).toBe(true);
    expect(filterBySearch(rows, 'po', (r) => [r.name])).toHaveLength(23);
    expect(filterBySearch(rows, 'pb 0021.21', (r) => [r.serial]).map((r) => r.name)).toEqual(['POS 22']);
    expect(filterBySearch(rows, 'POS 2.3', (r) => [r.name]).map((r) => r.name)).toEqual(['POS 23']);
    expect(filterBySearch(rows, 'xyz', (r) => [r.name])).toEqual([]);
  });
  it('shows the monitor’s 0-based index 1-based and accepts only 10/25/50/100', () => {
    expect(shownPage(0)).toBe(1);
    expect(wirePage(1)).toBe(0);
    expect(wirePage(0)).toBe(0);
    expect([10, 25, 50, 100].every(isMonitorPageSize)).toBe(true);
    expect(isMonitorPageSize(20)).toBe(false);
  });
});

describe('dates typed or pasted (spec 001 §5)', () => {
  it('accepts dd/mm/yyyy and yyyy-mm-dd, refuses impossible dates', () => {
    expect(parseDateInput('05/10/2001')).toBe('2001-10-05');
    expect(parseDateInput(' 2001-10-05 ')).toBe('2001-10-05');
    expect(parseDateInput('31/02/2000')).toBeNull();
    expect(parseDateInput('2001-13-01')).toBeNull();
    expect(parseDateInput('ontem')).toBeNull();
    expect(showDateInput('2001-10-05')).toBe('05/10/2001');
  });
});

describe('credential monitor filters in the address', () => {
  it('keeps valid values and drops the rest', () => {
    expect(monitorSearch({ page: '2', pageSize: '50', nomePortal: ' Padaria ', documentoLojista: '11.222.333/0001-81', tipoAdquirente: '15' })).toEqual({
      page: 2, pageSize: 50, nomePortal: 'Padaria', documentoLojista: '11222333000181', tipoAdquirente: 15,
    });
    expect(monitorSearch({ page: '0', pageSize: '30', tipoAdquirente: '8', nomePortal: '  ', documentoLojista: 'abc' })).toEqual({});
    expect(monitorSearch({ page: 3, pageSize: 10 })).toEqual({ page: 3, pageSize: 10 });
  });
});

describe('merchant phone and postal code', () => {
  it('formats Brazilian numbers', () => {
    expect(showPhone('11987654321')).toBe('(11) 98765-4321');
    expect(showPhone('1133334444')).toBe('(11) 3333-4444');
    expect(showPhone('123')).toBe('123');
    expect(showZip('01304001')).toBe('01304-001');
  });
});
