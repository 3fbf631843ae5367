import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import { MANAGER_ROLES } from '../../shared/permissions';
import { hasAccess } from '../../shared/roles';
import { useSession } from '../lib/page-hooks';
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

export type ConfirmedAction<T> = ReturnType<typeof useConfirmedAction<T>>;

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
  return { editing, setEditing, deleting: del.target, setDeleting: del.setTarget, busy: del.busy, remove: del.confirm, saved, confirmation: del };
}

/**
 * All a place's registry page (RegistryList + RegistryDialogs) keeps: the current place, its list
 * (waiting for a place; for managers only with `managersOnly`), whether the person may change rows
 * (managers), the dialogs, and RegistryList's props: rows, loading, the error (`noPlace` without a
 * place; `loadFailed` or the server's message when the list failed) and, for managers, the add,
 * edit and delete actions. A change refreshes every query under `refreshes` (other screens that
 * list the same rows included).
 */
export function usePlaceRegistry<T, K extends QueryKey>({ list: listOptions, deleteRow, refreshes, noPlace, loadFailed, managersOnly = false }: {
  list: (localId: string) => UseQueryOptions<T[], Error, T[], K>;
  deleteRow: (row: T) => Promise<{ Message: string }>;
  refreshes: QueryKey[];
  noPlace: string;
  loadFailed?: string;
  managersOnly?: boolean;
}) {
  const session = useSession();
  const localId = session?.currentLocation?.localId ?? '';
  const canEdit = hasAccess(session?.roles ?? '', MANAGER_ROLES);
  const queryClient = useQueryClient();
  const list = useQuery({ ...listOptions(localId), enabled: Boolean(localId) && (canEdit || !managersOnly) });
  const refresh = () => Promise.all(refreshes.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const dialogs = useRegistryDialogs<T>(deleteRow, refresh);
  const listProps = {
    rows: list.data,
    loading: Boolean(localId) && list.isPending,
    error: !localId ? noPlace : list.isError ? (loadFailed ?? list.error.message) : null,
    onAdd: canEdit && localId ? () => dialogs.setEditing('new') : undefined,
    onEdit: canEdit ? dialogs.setEditing : undefined,
    onDelete: canEdit ? dialogs.setDeleting : undefined,
  };
  return { localId, canEdit, list, dialogs, listProps };
}
