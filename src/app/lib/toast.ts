/**
 * Toasts for the whole app. Mantine's notifications load with the first toast, so screens that
 * never show one (the sign-in screen's first paint) do not download them. One duration everywhere.
 */
import type { NotificationData } from '@mantine/notifications';

type Listener = () => void;
let wanted = false;
const listeners = new Set<Listener>();

export function toastsWanted(): boolean {
  return wanted;
}

export function onToastsWanted(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export async function showToast(data: NotificationData): Promise<string> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  // Without network on a first visit the renderer may not load: the toast is lost, the page is not.
  const loaded = await import('@mantine/notifications').catch(() => null);
  if (!loaded) return '';
  const { notifications } = loaded;
  // The same message twice (a second save within seconds) is one toast, shown anew: never a stack of twins.
  const key = String(data.message);
  const twin = shownByMessage.get(key);
  if (twin) notifications.hide(twin);
  // Every toast's close button has a name (axe: button-name), unless the caller gives its own.
  const id: string = notifications.show({
    closeButtonProps: { 'aria-label': 'Fechar notificação' },
    ...data,
    onClose: (n) => {
      if (shownByMessage.get(key) === id) shownByMessage.delete(key);
      data.onClose?.(n);
    },
  });
  shownByMessage.set(key, id);
  return id;
}

/** The toast on screen for each message. */
const shownByMessage = new Map<string, string>();

/*
 * An error toast has done its job once the person starts correcting: the first edit of any field
 * after it appeared dismisses it (the message stays under the field where the form shows one). A
 * toast left for its full duration sits over the top-right of the page, where short forms keep
 * their main button ("Finalizar", "Salvar"), and would swallow the click that retries.
 */
const openErrors = new Set<string>();
let dismissOnEdit: ((e: Event) => void) | null = null;

function watchEdits(): void {
  if (dismissOnEdit) return;
  dismissOnEdit = (e) => {
    if (!openErrors.size) return;
    const target = e.target instanceof Element ? e.target : null;
    if (target?.closest('.mantine-Notification-root')) return;
    const ids = [...openErrors];
    openErrors.clear();
    void import('@mantine/notifications').then(({ notifications }) => ids.forEach((id) => notifications.hide(id)));
  };
  // Capture phase: runs before the field's own handler, so a toast that handler raises survives.
  document.addEventListener('input', dismissOnEdit, true);
  document.addEventListener('change', dismissOnEdit, true);
}

export const toastSuccess = (message: string) => showToast({ color: 'green', message });
export async function toastError(message: string): Promise<string> {
  watchEdits();
  const id = await showToast({ color: 'red', message, onClose: () => openErrors.delete(id) });
  openErrors.add(id);
  return id;
}
