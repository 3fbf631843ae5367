import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmRowAction, type ConfirmWords } from './confirm-delete';
import type { useRegistryDialogs } from './use-registry-dialogs';

/**
 * The two dialogs of a registry page (RegistryList + useRegistryDialogs): the form to create or edit
 * a row (`form(row)`, row null for a new one) and the delete confirmation (`confirm(row)` words it).
 * Their titles name the row with `noun`: "Nova {noun}", "Editar {noun}", "Excluir {noun}" (every
 * registry's noun is feminine: categoria, forma de pagamento, conta bancária).
 */
export function RegistryDialogs<T>({ dialogs, noun, size, form, confirm }: {
  dialogs: ReturnType<typeof useRegistryDialogs<T>>;
  noun: string;
  size?: ModalProps['size'];
  form: (row: T | null, onSaved: () => Promise<void>) => ReactNode;
  confirm: (row: T) => ConfirmWords;
}) {
  const { editing, setEditing, saved, confirmation } = dialogs;
  return (
    <>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size={size} title={editing === 'new' ? `Nova ${noun}` : `Editar ${noun}`} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        {editing !== null && form(editing === 'new' ? null : editing, saved)}
      </Modal>
      <ConfirmRowAction action={confirmation} title={`Excluir ${noun}`} words={confirm} />
    </>
  );
}
