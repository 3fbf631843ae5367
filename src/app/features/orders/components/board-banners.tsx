import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatTime } from '../../../../shared/format';
import { ORDER_MSG } from '../../../../shared/orders';
import type { OutboxRecord } from '../../../lib/outbox';
import { notAppliedMessage } from '../model/commands';
import { SOUND_OFF_WARNING } from './start-monitoring-dialog';

export function pendingBarText(n: number): string {
  return n === 1 ? '1 alteração aguardando envio' : `${n} alterações aguardando envio`;
}

export function offlineText(lastContactAt: number | null): string {
  return lastContactAt ? `Sem conexão desde ${formatTime(lastContactAt)}` : 'Sem conexão';
}

/**
 * The board's notices, most urgent first: changes another device overrode (until acknowledged),
 * no connection, queued changes, audio blocked, storage unavailable, store closed.
 */
export function BoardBanners({
  offline,
  lastContactAt,
  records,
  queuePaused,
  audioBlocked,
  storageOff,
  storeClosed,
  openingStore,
  onAcknowledge,
  onOpenStore,
  onDismissStore,
  onTestSound,
}: {
  offline: boolean;
  lastContactAt: number | null;
  records: OutboxRecord[];
  queuePaused: boolean;
  audioBlocked: boolean;
  storageOff: boolean;
  storeClosed: boolean;
  openingStore: boolean;
  onAcknowledge: (id: string) => void;
  onOpenStore: () => void;
  onDismissStore: () => void;
  onTestSound: () => void;
}) {
  const waiting = records.filter((r) => r.status === 'pending' || r.status === 'sending').length;
  const refused = records.filter((r) => r.status === 'conflict' || r.status === 'failed');
  return (
    <Stack gap="xs">
      {refused.map((r) => (
        <Alert key={r.id} color="red" variant="filled" data-testid="conflict-banner" role="alert">
          <Group justify="space-between" wrap="nowrap" gap="md">
            <Text fw={700} size="lg" c="white">
              {notAppliedMessage(r)}
            </Text>
            <Button color="white" variant="white" c="red.9" size="md" mih={48} onClick={() => onAcknowledge(r.id)}>
              Entendi
            </Button>
          </Group>
        </Alert>
      ))}
      {offline && (
        <Alert color="red" data-testid="offline-banner">
          <Text fw={700} size="lg">
            {offlineText(lastContactAt)}
          </Text>
          <Text>Mostrando os últimos pedidos recebidos. As alterações ficam na fila e são enviadas quando a conexão voltar.</Text>
        </Alert>
      )}
      {waiting > 0 && (
        <Alert color="yellow" data-testid="pending-bar">
          <Text fw={700} size="lg">
            {pendingBarText(waiting)}
          </Text>
          {queuePaused && <Text>Sua sessão expirou: entre novamente para enviar as alterações (elas foram mantidas).</Text>}
        </Alert>
      )}
      {audioBlocked && (
        <Alert color="orange" data-testid="sound-blocked">
          <Group justify="space-between">
            <Text fw={700}>{SOUND_OFF_WARNING}</Text>
            <Button size="md" mih={48} variant="white" onClick={onTestSound}>
              Testar som
            </Button>
          </Group>
        </Alert>
      )}
      {storageOff && (
        <Alert color="gray" data-testid="storage-off">
          O armazenamento deste navegador não está disponível (modo privativo?): o painel funciona apenas com conexão, sem uso offline.
        </Alert>
      )}
      {storeClosed && (
        <Alert color="yellow" data-testid="store-closed" withCloseButton closeButtonLabel="Fechar aviso" onClose={onDismissStore}>
          <Group justify="space-between">
            <Text fw={700} size="lg">
              {ORDER_MSG.storeClosedAsk}
            </Text>
            <Button size="md" mih={48} onClick={onOpenStore} loading={openingStore}>
              Sim
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
