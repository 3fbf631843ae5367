import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import type { ConfirmedAction } from './use-registry-dialogs';

/**
 * A destructive action's confirmation (UX.md: what will happen, and that it cannot be undone, in the
 * spec's words when it has them): the question, an optional note under it, Cancelar and the action.
 */
export function ConfirmDelete({ opened, title, question, note, confirmLabel = 'Excluir', busy, onCancel, onConfirm }: {
  opened: boolean;
  title: string;
  question: string;
  note?: string;
  confirmLabel?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack>
        <Text>{question}</Text>
        {note && (
          <Text size="sm" c="dimmed">
            {note}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface ConfirmWords {
  question: string;
  note?: string;
  confirmLabel?: string;
}

/**
 * The confirmation of a row action kept by useConfirmedAction (delete, revoke): open while a row
 * waits for it, worded for that row by `words(row)` (the last words stay while it closes).
 */
export function ConfirmRowAction<T>({ action, title, words }: { action: ConfirmedAction<T>; title: string; words: (row: T) => ConfirmWords }) {
  const last = useRef<ConfirmWords>({ question: '' });
  if (action.target !== null) last.current = words(action.target);
  const w = last.current;
  return (
    <ConfirmDelete
      opened={action.target !== null}
      title={title}
      question={w.question}
      note={w.note}
      confirmLabel={w.confirmLabel}
      busy={action.busy}
      onCancel={() => action.setTarget(null)}
      onConfirm={() => void action.confirm()}
    />
  );
}
