// @vitest-environment jsdom
/** B20 (spec 000, order board): the board's total is the x-total-count header; next page while size × page < total. */
import { describe, expect, it, vi } from 'vitest';
import { useFetchStub } from '../../../test/fetch-stub';
import { KDS_ACTIVE_MODE, KDS_PAGE_SIZE } from '../../../../shared/orders';
import { fetchOrderList } from './order-queries';

vi.mock('../../../lib/session', () => ({ getSession: () => ({ token: 't' }), clearSession: vi.fn(), isDesktopApp: () => false }));
// Our server: it lists the active mode among its calls beyond the spec's.
vi.mock('../../../lib/runtime-config', () => ({ runtimeConfig: () => ({ apiBaseUrl: 'http://127.0.0.1:9' }), hasApiExtension: () => true }));
const fetchSpy = useFetchStub();
const filters = (page: number) => ({ keyword: '', etapas: [], page }) as unknown as Parameters<typeof fetchOrderList>[1];
const answer = (body: unknown, total?: string) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...(total === undefined ? {} : { 'x-total-count': total }) } });


describe('GET api/kds: the total from x-total-count', () => {
  it('the header wins over the body, and decides whether a next page exists', async () => {
    fetchSpy.mockResolvedValue(answer({ items: [], hasNext: false, countTotal: 3 }, String(KDS_PAGE_SIZE + 1)));
    const first = await fetchOrderList('00000000-0000-4000-8000-000000000001', filters(1));
    expect(first).toMatchObject({ countTotal: KDS_PAGE_SIZE + 1, hasNext: true });
    fetchSpy.mockResolvedValue(answer({ items: [], hasNext: true, countTotal: 3 }, String(KDS_PAGE_SIZE + 1)));
    const second = await fetchOrderList('00000000-0000-4000-8000-000000000001', filters(2));
    expect(second).toMatchObject({ countTotal: KDS_PAGE_SIZE + 1, hasNext: false });
  });
  it('the active mode (never paged) keeps the body\'s next-page flag, with the header\'s total', async () => {
    fetchSpy.mockResolvedValue(answer({ items: [], hasNext: false, countTotal: 300 }, '300'));
    const active = await fetchOrderList('00000000-0000-4000-8000-000000000001', { ...filters(1), modo: KDS_ACTIVE_MODE } as Parameters<typeof fetchOrderList>[1]);
    expect(active).toMatchObject({ countTotal: 300, hasNext: false });
  });
  it('without the header, the body says it', async () => {
    fetchSpy.mockResolvedValue(answer({ items: [], hasNext: true, countTotal: 42 }));
    expect(await fetchOrderList('00000000-0000-4000-8000-000000000001', filters(1))).toMatchObject({ countTotal: 42, hasNext: true });
  });
});
