import { useState } from 'react';
import { toastError, toastSuccess } from '../lib/toast';

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * A row action behind a confirmation (delete, revoke): which row waits for the confirmation
 * (`target`), the confirmation's busy flag, and `confirm`, which runs the action on that row, toasts
 * the server's Message, closes the confirmation and refreshes; a failure toasts `failure(err)` (the
 * error's message by default) and keeps the confirmation open.
 */
export function useConfirmedAction<T>(act: (row: T) => Promise<{ Message: string }>, refresh: () => Promise<unknown> | void, failure: (err: unknown) => string = errorText) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!target) return;
    setBusy(true);
    try {
      void toastSuccess((await act(target)).Message);
      setTarget(null);
      await refresh();
    } catch (err) {
      void toastError(failure(err));
    } finally {
      setBusy(false);
    }
  };
  return { target, setTarget, busy, confirm };
}

/**
 * The editing and deleting state every registry page (RegistryList) keeps: which row is in the form
 * ('new' for a new one), which row waits for the delete confirmation, and the confirmation's busy flag.
 * `remove` deletes the row being confirmed (the server's Message as a toast) and refreshes; `saved`
 * is the form's "after saving": refresh, then close.
 */
export function useRegistryDialogs<T>(deleteRow: (row: T) => Promise<{ Message: string }>, refresh: () => Promise<unknown>) {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const del = useConfirmedAction(deleteRow, refresh);
  const saved = async () => {
    await refresh();
    setEditing(null);
  };
  return { editing, setEditing, deleting: del.target, setDeleting: del.setTarget, busy: del.busy, remove: del.confirm, saved };
}
