import { Button, Group, Modal, Stack, Text } from '@mantine/core';

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
