/**
 * Service worker registration with an update prompt: a new release is announced ("Nova versão
 * disponível" / "Atualizar") and never reloads an open board by itself.
 *
 * The browser's own API, without workbox-window (≈ 2 KB gzip that every page, the board and the
 * sign-in screen included, loaded at start): the worker vite-plugin-pwa generates (sw.js, scope /)
 * waits after installing an update until a page posts `{ type: 'SKIP_WAITING' }`; it then takes
 * over and the page reloads once, as workbox-window's `messageSkipWaiting` and `controlling` did.
 */
export type UpdateHandler = (apply: () => Promise<void>) => void;

export const SW_URL = '/sw.js';

export function registerServiceWorker(onUpdate: UpdateHandler, container: ServiceWorkerContainer | null | undefined = navigator.serviceWorker, reload: () => void = () => window.location.reload()): void {
  if (!container || import.meta.env.DEV) return;
  let offered: ServiceWorker | null = null;
  // A worker waiting while a page is controlled is an update (the first install has nothing to replace).
  const offer = (reg: ServiceWorkerRegistration) => {
    const waiting = reg.waiting;
    if (!waiting || !container.controller || waiting === offered) return;
    offered = waiting;
    onUpdate(async () => {
      let reloaded = false;
      container.addEventListener('controllerchange', () => {
        if (reloaded) return;
        reloaded = true;
        reload();
      });
      waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  };
  container
    .register(SW_URL, { scope: '/' })
    .then((reg) => {
      // Installed on an earlier visit and still waiting (the page was reloaded, not updated).
      offer(reg);
      reg.addEventListener('updatefound', () => {
        const installing = reg.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') offer(reg);
        });
      });
    })
    .catch(() => {
      // No worker (private mode, blocked): the app works online as before.
    });
}
