import { useState } from 'react';
import { toastError, toastSuccess } from '../lib/toast';

/**
 * The editing and deleting state every registry page (RegistryList) keeps: which row is in the form
 * ('new' for a new one), which row waits for the delete confirmation, and the confirmation's busy flag.
 * `remove` deletes the row being confirmed (the server's Message as a toast) and refreshes; `saved`
 * is the form's "after saving": refresh, then close.
 */
export function useRegistryDialogs<T>(deleteRow: (row: T) => Promise<{ Message: string }>, refresh: () => Promise<unknown>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      void toastSuccess((await deleteRow(deleting)).Message);
      setDeleting(null);
      await refresh();
    } catch (err) {
      void toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const saved = async () => {
    await refresh();
    setEditing(null);
  };
  return { editing, setEditing, deleting, setDeleting, busy, remove, saved };
}
