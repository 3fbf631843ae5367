import { Alert, Button, Group, List, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { chime, useAudioBlocked } from '../hooks/chime';

export const SOUND_OFF_WARNING = 'som desativado: o navegador bloqueou o áudio deste painel. Toque em "Testar som" para liberar.';

/**
 * The start-monitoring dialog (spec 000 §2), shown first. Its click is the user gesture that
 * unlocks audio; the board then turns on the chime and the screen wake lock. The board is live
 * (stream, catch-up, polling) whether or not this was clicked. Its button says "Iniciar
 * monitoramento", never a bare "Iniciar", which is the card action that starts preparing an order.
 */
export function StartMonitoringDialog({ opened, onStart, onClose }: { opened: boolean; onStart: () => void; onClose: () => void }) {
  const blocked = useAudioBlocked();
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    try {
      await chime.unlock();
      chime.play();
    } finally {
      setTesting(false);
    }
  };
  const start = () => {
    void chime.unlock();
    onStart();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Iniciar monitoramento" size="lg" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Text size="lg" mb="sm">
        O painel já mostra os pedidos ao vivo. Ao iniciar o monitoramento, ele também:
      </Text>
      <List size="lg" spacing="xs" mb="md">
        <List.Item>ativa o som de novos pedidos (repetido até alguém abrir ou aceitar o pedido);</List.Item>
        <List.Item>mantém a tela acesa enquanto estiver aberto.</List.Item>
      </List>
      {blocked && (
        <Alert color="red" mb="md" title="Som desativado" data-testid="sound-blocked">
          {SOUND_OFF_WARNING}
        </Alert>
      )}
      <Group justify="flex-end" gap="md">
        <Button variant="default" size="lg" onClick={test} loading={testing}>
          Testar som
        </Button>
        <Button size="xl" onClick={start} data-autofocus>
          Iniciar monitoramento
        </Button>
      </Group>
    </Modal>
  );
}
