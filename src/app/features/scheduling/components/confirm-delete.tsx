import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { SCHED_MSG } from '../../../../shared/scheduling';

/** The spec's delete confirmation: the question and "Esta ação não poderá ser desfeita.". */
export function ConfirmDelete({ opened, title, question, busy, onCancel, onConfirm }: {
  opened: boolean;
  title: string;
  question: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack>
        <Text>{question}</Text>
        <Text size="sm" c="gray.7">
          {SCHED_MSG.deleteCannotUndo}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            Excluir
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
