import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmDelete } from './confirm-delete';
import type { useRegistryDialogs } from './use-registry-dialogs';

/**
 * The two dialogs of a registry page (RegistryList + useRegistryDialogs): the form to create or edit
 * a row (`form(row)`, row null for a new one) and the delete confirmation (`confirm(row)` words it).
 */
export function RegistryDialogs<T>({ dialogs, newTitle, editTitle, size, form, deleteTitle, confirm }: {
  dialogs: ReturnType<typeof useRegistryDialogs<T>>;
  newTitle: string;
  editTitle: string;
  size?: ModalProps['size'];
  form: (row: T | null, onSaved: () => Promise<void>) => ReactNode;
  deleteTitle: string;
  confirm: (row: T) => { question: string; note?: string; confirmLabel?: string };
}) {
  const { editing, setEditing, deleting, setDeleting, busy, remove, saved } = dialogs;
  const words = deleting ? confirm(deleting) : { question: '' };
  return (
    <>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size={size} title={editing === 'new' ? newTitle : editTitle} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        {editing !== null && form(editing === 'new' ? null : editing, saved)}
      </Modal>
      <ConfirmDelete
        opened={Boolean(deleting)}
        title={deleteTitle}
        question={words.question}
        note={words.note}
        confirmLabel={words.confirmLabel}
        busy={busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      />
    </>
  );
}
