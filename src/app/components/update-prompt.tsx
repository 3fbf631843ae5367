import { Button, Group, Text } from '@mantine/core';
import { showToast } from '../lib/toast';

/** Shows the update notice; the person decides when to reload. */
export function showUpdatePrompt(apply: () => Promise<void>) {
  void showToast({
    id: 'app-update',
    autoClose: false,
    withCloseButton: true,
    title: 'Nova versão disponível',
    message: (
      <Group justify="space-between" mt={4}>
        <Text size="sm">Atualize quando for um bom momento.</Text>
        <Button size="xs" onClick={() => void apply()}>
          Atualizar
        </Button>
      </Group>
    ),
  });
}
