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

export async function showToast(data: NotificationData): Promise<void> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((l) => l());
  }
  const { notifications } = await import('@mantine/notifications');
  // The close button needs a name (axe: button-name).
  notifications.show({ closeButtonProps: { 'aria-label': 'Fechar notificação' }, ...data });
  // Every toast's close button has a name (axe: button-name), unless the caller gives its own.
}

export const toastSuccess = (message: string) => showToast({ color: 'green', message });
export const toastError = (message: string) => showToast({ color: 'red', message });
