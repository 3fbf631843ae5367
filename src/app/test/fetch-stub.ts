/**
 * For client API tests (jsdom): `fetch` replaced by a spy for each test and the browser online,
 * everything restored after. Returns the spy; answer with `fetchSpy.mockResolvedValue(new Response(…))`.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function useFetchStub(online: () => boolean = () => true) {
  const fetchSpy = vi.fn();
  beforeEach(() => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(online);
    fetchSpy.mockReset();
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return fetchSpy;
}
