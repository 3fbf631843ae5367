/**
 * A screen whose code fails to arrive ("Failed to fetch dynamically imported module": the service
 * worker missed a beat on an offline reload, or a new release replaced the files) is fetched again by
 * reloading the page once, instead of showing "Algo deu errado nesta tela". The browser keeps a failed
 * import for the page's life, so only a reload can fetch it again; TanStack Router does the same for
 * route files (lazyRouteComponent), this covers the screens the routes load themselves (React.lazy).
 *
 * At most one such reload every CHUNK_RELOAD_GAP_MS (remembered in sessionStorage, per tab): code that
 * truly cannot load (offline and never cached) then shows the error screen and its "Recarregar"
 * button instead of reloading forever.
 */
export const CHUNK_RELOAD_GAP_MS = 30_000;
const KEY = 'balcao.chunkReloadAt';

const MESSAGES = ['Failed to fetch dynamically imported module', 'error loading dynamically imported module', 'Importing a module script failed', 'Unable to preload CSS'];

/** Whether an error is a screen's code that could not be fetched (Chromium's, Firefox's, Safari's and Vite's wording). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return MESSAGES.some((m) => message.startsWith(m));
}

interface Deps {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: number;
}

function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether this error should reload the page: a chunk error, and no such reload in the last CHUNK_RELOAD_GAP_MS. */
export function shouldReloadForChunk(error: unknown, { storage = sessionStore(), now = Date.now() }: Deps = {}): boolean {
  if (!storage || !isChunkLoadError(error)) return false;
  const last = Number(storage.getItem(KEY) ?? 0);
  return !(now - last < CHUNK_RELOAD_GAP_MS);
}

let reloading = false;

/** Notes the reload (so the next failure within the gap shows the error screen) and reloads once. */
export function reloadForChunk({ storage = sessionStore(), now = Date.now() }: Deps = {}, reload: () => void = () => window.location.reload()): void {
  if (reloading) return;
  reloading = true;
  try {
    storage?.setItem(KEY, String(now));
  } catch {
    // Storage refused: the reload still happens once for this page.
  }
  reload();
}

/** For tests: forget that this page already asked for a reload. */
export function resetChunkReload(): void {
  reloading = false;
}
