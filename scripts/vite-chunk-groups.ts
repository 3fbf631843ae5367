/**
 * Chunk groups built from the module graph, so a screen downloads its code in a few files instead of
 * dozens of small ones (each file is compressed on its own: 37 small files of the board gzip to
 * 80 KB, the same code in two files to 71 KB) without any screen loading code it does not use.
 *
 * A module's "roots" are the chunks that start loading it: the entry and every lazily imported
 * module (route screens `?tsr-split=...`, `lazy(() => import(...))`) from which it is reached by
 * static imports alone. From them:
 * - `shell`: reached from the signed-in layout (`_app`'s screen) and only from screens under it.
 *   Every signed-in screen loads the layout first, so none loads anything more than before.
 * - `board`: reached only from the order board's screen (the board route and its lazy page).
 * Everything else is left to the bundler. Neither group pulls in dependencies: a dependency that
 * another screen shares has other roots and stays in its own chunk; a module shared by another
 * screen never imports a board-only module (that module would then have that screen's roots), so
 * the groups cannot form import cycles.
 */
import type { ChunkingContext } from 'rolldown';

const ENTRY = '<entry>';
const SHELL_ROOT = /[\\/]src[\\/]app[\\/]routes[\\/]_app\.tsx\?tsr-split/;
/** Screens anyone may open without signing in: they must never load the signed-in layout's file (of
 * the payment links, only the pay page: their list and form are signed-in screens). */
const PUBLIC_ROOT = /[\\/]src[\\/]app[\\/](routes[\\/](?!_app[\\/.])|features[\\/](auth|waiter|donations)[\\/]|features[\\/]payment-links[\\/]components[\\/]pay-page|features[\\/]orders[\\/]components[\\/](tracking|print)-page)/;
/** The board's screen; and the parts of it that load later (dialogs, menu sheet, filters). */
const BOARD_ROOT = /[\\/]src[\\/]app[\\/](routes[\\/]_app[\\/]meepFood[\\/]painel\.tsx\?tsr-split|features[\\/]orders[\\/]components[\\/]order-board-page\.tsx$)/;
const BOARD_LATER = /[\\/]src[\\/]app[\\/]features[\\/]orders[\\/]components[\\/](board-dialogs|board-menu|board-status-modals|filters-form)\.tsx$/;
/** Every order screen: the board, the waiter's phone, the customer's tracking page, the printed ticket. */
const ORDERS_ROOT = /[\\/]src[\\/]app[\\/](routes[\\/](_app[\\/]meepFood[\\/]painel|garcom|statusPedido|print)|features[\\/](orders|waiter)[\\/])/;
/** The data layer every screen that calls the API uses (schemas, query cache, its IndexedDB copy). */
const DATA = /([\\/]node_modules[\\/](zod|idb-keyval|@tanstack[\\/](query-core|react-query|query-async-storage-persister|query-persist-client-core|react-query-persist-client))[\\/]|[\\/]src[\\/](app[\\/](query-client|lib[\\/]persisted-cache)|shared[\\/]zod-locale)\.tsx?$)/;

const ENTRY_USES = /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](index|QueryClientProvider)\.js$/;

export type ChunkGroup = 'data' | 'shell' | 'board' | 'orders';

export function chunkGroupOf(id: string, ctx: ChunkingContext): ChunkGroup | null {
  // The entry reaches the query library through its index (for QueryClientContext alone, see
  // lazy-query-client.tsx), so the rest of it counts as the data layer, loaded with the first page
  // that queries.
  if (DATA.test(id) && !ENTRY_USES.test(id)) return 'data';
  const roots = rootsOf(id, ctx);
  if (roots.size === 0 || roots.has(ENTRY)) return null;
  const list = [...roots];
  // Only what the board draws first: its later parts stay in their own lazy files.
  if (list.some((r) => BOARD_ROOT.test(r))) {
    if (list.every((r) => BOARD_ROOT.test(r) || BOARD_LATER.test(r))) return 'board';
    if (list.every((r) => ORDERS_ROOT.test(r))) return 'orders';
  }
  if (list.some((r) => SHELL_ROOT.test(r)) && !list.some((r) => PUBLIC_ROOT.test(r))) return 'shell';
  return null;
}

/** Walks importers upwards; stops at roots (the entry, or a module something imports lazily). */
function rootsOf(id: string, ctx: ChunkingContext): Set<string> {
  const roots = new Set<string>();
  const seen = new Set<string>([id]);
  const stack = [id];
  while (stack.length) {
    const info = ctx.getModuleInfo(stack.pop()!);
    if (!info) continue;
    if (info.isEntry) {
      roots.add(ENTRY);
      return roots;
    }
    if (info.dynamicImporters.length) roots.add(info.id);
    for (const imp of info.importers) {
      if (!seen.has(imp)) {
        seen.add(imp);
        stack.push(imp);
      }
    }
  }
  return roots;
}
