import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmRowAction, type ConfirmWords } from './confirm-delete';
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
  confirm: (row: T) => ConfirmWords;
}) {
  const { editing, setEditing, saved, confirmation } = dialogs;
  return (
    <>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size={size} title={editing === 'new' ? newTitle : editTitle} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        {editing !== null && form(editing === 'new' ? null : editing, saved)}
      </Modal>
      <ConfirmRowAction action={confirmation} title={deleteTitle} words={confirm} />
    </>
  );
}
