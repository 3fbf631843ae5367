/** Helpers of the offline lists end-to-end tests (issue 28). */
import type { Page } from '@playwright/test';

/**
 * Whether this device's saved cache (IndexedDB, written at most once a second) holds a query of
 * `root` (and `second` key part, when given) fetched at or after `since` (ms).
 */
export function savedSince(page: Page, root: string, since: number, second?: string): Promise<boolean> {
  return page.evaluate(
    ([root, since, second]) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const req = open.result.transaction('keyval').objectStore('keyval').get('balcao.queryCache');
          req.onsuccess = () => {
            const queries: Array<{ queryKey: unknown[]; state: { dataUpdatedAt: number } }> = typeof req.result === 'string' ? (JSON.parse(req.result).clientState?.queries ?? []) : [];
            resolve(queries.some((q) => q.queryKey[0] === root && (!second || q.queryKey[1] === second) && q.state.dataUpdatedAt >= Number(since)));
          };
          req.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    [root, since, second ?? ''] as const,
  );
}
