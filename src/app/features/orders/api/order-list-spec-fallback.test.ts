// @vitest-environment jsdom
/**
 * B16 (issue 40): fronting a backend with only the spec's calls (its runtime configuration lists no
 * `kds-ativos`), the board's open-orders list is the spec's list call: "GET api/kds with filters
 * plus page and size (20) … has-next = size*page < total" and "start date at start of day, end date
 * at end of day" (spec 000, order board), never our `modo=ativos`.
 */
import { describe, expect, it, vi } from 'vitest';
import { useFetchStub } from '../../../test/fetch-stub';
import { KDS_ACTIVE_MODE, KDS_PAGE_SIZE } from '../../../../shared/orders';
import { makeOrder } from '../testing/fixtures';
import { boardLists, endOfDayIso, startOfDayIso, todayInSaoPaulo } from '../model/board-filters';
import { fetchOrderList } from './order-queries';

vi.mock('../../../lib/session', () => ({ getSession: () => ({ token: 't' }), clearSession: vi.fn(), isDesktopApp: () => false }));
vi.mock('../../../lib/runtime-config', () => ({ runtimeConfig: () => ({ apiBaseUrl: 'http://127.0.0.1:9', apiExtensions: [] }), hasApiExtension: () => false }));
const fetchSpy = useFetchStub();
const localId = '00000000-0000-4000-8000-000000000001';
const answer = (items: unknown[], total: number) =>
  new Response(JSON.stringify({ items, hasNext: false, countTotal: 0 }), { status: 200, headers: { 'content-type': 'application/json', 'x-total-count': String(total) } });
const queries = () => (fetchSpy.mock.calls as Array<[RequestInfo | URL]>).map(([u]) => new URL(String(u)).searchParams);

describe('the board without the active mode', () => {
  it('asks the spec’s paged list with today’s dates, page by page, and shows every open order oldest first', async () => {
    const total = KDS_PAGE_SIZE + 3;
    const orders = Array.from({ length: total }, (_, i) => makeOrder({ DataCriacao: new Date(Date.UTC(2026, 10, 29, 12, 0, total - i)).toISOString() }));
    fetchSpy.mockImplementation(async (input: RequestInfo | URL) => {
      const page = Number(new URL(String(input)).searchParams.get('page'));
      return answer(orders.slice((page - 1) * KDS_PAGE_SIZE, page * KDS_PAGE_SIZE), total);
    });
    const { active } = boardLists({});
    expect(active?.modo).toBe(KDS_ACTIVE_MODE);
    const res = await fetchOrderList(localId, active!);

    const sent = queries();
    expect(sent.map((q) => q.get('page'))).toEqual(['1', '2']);
    const today = todayInSaoPaulo();
    for (const q of sent) {
      expect(q.get('modo')).toBeNull();
      expect(q.get('size')).toBe(String(KDS_PAGE_SIZE));
      expect(q.get('dataInicio')).toBe(startOfDayIso(today));
      expect(q.get('dataFim')).toBe(endOfDayIso(today));
      expect(q.get('localClienteId')).toBe(localId);
      expect(q.get('etapas')).toBe(active!.etapas.join(','));
    }
    expect(res.items).toHaveLength(total);
    expect(res.items.map((o) => o.Id)).toEqual([...orders].reverse().map((o) => o.Id));
    expect(res).toMatchObject({ countTotal: total, hasNext: false });
  });

  it('keeps the days the URL names', async () => {
    fetchSpy.mockResolvedValue(answer([], 0));
    const { active } = boardLists({ de: '2026-11-01', ate: '2026-11-03' }, '2026-11-29');
    await fetchOrderList(localId, active!);
    const [q] = queries();
    expect(queries()).toHaveLength(1);
    expect(q.get('dataInicio')).toBe('2026-11-01T03:00:00.000Z');
    expect(q.get('dataFim')).toBe('2026-11-04T02:59:59.999Z');
    expect(q.get('page')).toBe('1');
  });
});
