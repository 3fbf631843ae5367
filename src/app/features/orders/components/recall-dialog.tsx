/**
 * "Recuperar pedido": the last finished or refused orders (within 5 minutes) with a reason field;
 * the chosen one goes back to the state it left. Opened from the toolbar or with the R key.
 */
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { KDS_RECALL_WINDOW_MS, ORDER_MSG, ORDER_STATE, RECALL_REASON_MIN } from '../../../../shared/orders';
import { errorText } from '../../../lib/api-client';
import { toastSuccess } from '../../../lib/toast';
import { recallOrder } from '../api/order-api';
import { patchOrder } from '../api/order-cache';
import { orderQueries } from '../api/order-queries';
import { finishedAt, recallable } from '../model/recall';

const RECENT = { etapas: [ORDER_STATE.Entregue, ORDER_STATE.Recusado], page: 1 };

export function RecallDialog({ opened, localId, onClose }: { opened: boolean; localId: string; onClose: () => void }) {
  const qc = useQueryClient();
  const recent = useQuery({ ...orderQueries.list(localId, RECENT), enabled: opened && !!localId, staleTime: 0 });
  const [chosen, setChosen] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const now = Date.now();
  const list = recallable(recent.data?.items ?? [], now);
  const close = () => {
    setChosen(null);
    setReason('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    const order = list.find((o) => o.Id === chosen);
    if (!order) return setError('Escolha o pedido a recuperar.');
    if (reason.trim().length < RECALL_REASON_MIN) return setError(ORDER_MSG.recallReasonRequired);
    setBusy(true);
    try {
      const r = await recallOrder(order.Id, reason.trim(), order.WorkflowInstance.CurrenteState.Id);
      patchOrder(qc, r.Pedido);
      void qc.invalidateQueries({ queryKey: orderQueries.lists() });
      void toastSuccess(ORDER_MSG.recalled(order.Codigo));
      close();
    } catch (err) {
      setError(errorText(err, ORDER_MSG.genericError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Recuperar pedido" size="lg" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      <Stack>
        <Text>
          Pedidos finalizados ou recusados há até {KDS_RECALL_WINDOW_MS / 60_000} minutos voltam para a etapa anterior.
        </Text>
        {recent.isPending ? (
          <Text c="dimmed">Carregando…</Text>
        ) : list.length === 0 ? (
          <Text fw={600}>Nenhum pedido finalizado ou recusado nos últimos {KDS_RECALL_WINDOW_MS / 60_000} minutos.</Text>
        ) : (
          <Radio.Group label="Pedido" value={chosen} onChange={setChosen}>
            <Stack gap="xs" mt="xs">
              {list.map((o) => (
                <Radio
                  key={o.Id}
                  value={o.Id}
                  size="md"
                  label={`#${o.Codigo} · ${o.Cliente.Nome} · ${o.WorkflowInstance.CurrenteState.Name} há ${Math.max(0, Math.round((now - finishedAt(o)) / 60_000))} min`}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <TextInput label="Motivo" required value={reason} onChange={(e) => setReason(e.currentTarget.value)} size="md" maxLength={200} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={close}>
            Voltar
          </Button>
          <Button size="md" color="blue.9" onClick={() => void submit()} loading={busy} disabled={list.length === 0}>
            Recuperar pedido
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
