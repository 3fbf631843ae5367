/**
 * Service worker registration with an update prompt: a new release is announced ("Nova versão
 * disponível" / "Atualizar") and never reloads an open board by itself.
 */
import { registerSW } from 'virtual:pwa-register';

export type UpdateHandler = (apply: () => Promise<void>) => void;

export function registerServiceWorker(onUpdate: UpdateHandler): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      onUpdate(() => update(true));
    },
  });
}
