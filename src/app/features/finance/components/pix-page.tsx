import { Alert, Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PixOrder } from '../../../../shared/contract/finance';
import { pixActions, pixStatusLabel } from '../../../../shared/finance';
import { formatBRL } from '../../../../shared/format';
import { ApiError } from '../../../lib/api-client';
import { adminCall } from '../../../lib/admin-call';
import { toastSuccess } from '../../../lib/toast';
import { financeQueries, refundPix, updatePixStatus } from '../api/finance-queries';
import { EmptyState, FinancePage, LabeledValue, formatDateTime } from './finance-page';

const STATUS_COLOR: Record<string, string> = { Pendente: 'yellow.9', Aprovado: 'green.9', Cancelado: 'gray.8', Estornado: 'red.9' };

function OrderCard({ localId, order }: { localId: string; order: PixOrder }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'update' | 'refund' | null>(null);
  const [confirm, setConfirm] = useState(false);
  const { canUpdateStatus, canRefund } = pixActions(order);
  const label = pixStatusLabel(order.Status);
  const reload = () => queryClient.invalidateQueries({ queryKey: financeQueries.pix(localId, '').queryKey.slice(0, 3) });
  const act = async (kind: 'update' | 'refund') => {
    setBusy(kind);
    const r = await adminCall(() => (kind === 'update' ? updatePixStatus(localId, order.Id) : refundPix(localId, order.Id)));
    setBusy(null);
    setConfirm(false);
    if (r) void toastSuccess(r.Message);
    // §4: after either action the order reloads.
    await reload();
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="pix-order">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>{order.LocalName}</Text>
        <Badge color={STATUS_COLOR[label]} variant="outline" size="lg">
          {label}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <LabeledValue label="Valor" value={formatBRL(order.Value)} />
        <LabeledValue label="Valor estornado" value={formatBRL(order.RefundedValue)} />
        <LabeledValue label="EndToEndId" value={order.EndToEndId} />
        <LabeledValue label="TransacaoPOSId" value={order.TransacaoPOSId ?? '-'} />
        <LabeledValue label="Criado em" value={formatDateTime(order.CreatedAt)} />
        <LabeledValue label="Aprovado em" value={order.ApprovedAt ? formatDateTime(order.ApprovedAt) : '-'} />
        <LabeledValue label="Adquirente" value={String(order.AcquirerId)} />
        <LabeledValue label="Permite estorno" value={order.AllowsRefund ? 'Sim' : 'Não'} />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        {canUpdateStatus && (
          <Button size="md" onClick={() => void act('update')} loading={busy === 'update'}>
            Atualizar status
          </Button>
        )}
        {canRefund && (
          <Button size="md" color="red.9" onClick={() => setConfirm(true)}>
            Estornar
          </Button>
        )}
      </Group>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Estornar pagamento Pix" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
        <Stack>
          <Text>
            O valor de {formatBRL(order.Value - order.RefundedValue)} será devolvido ao pagador. Esta ação não pode ser desfeita.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              Cancelar
            </Button>
            <Button color="red.9" loading={busy === 'refund'} onClick={() => void act('refund')}>
              Confirmar estorno
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function PixLookup({ localId }: { localId: string }) {
  const [text, setText] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const order = useQuery({ ...financeQueries.pix(localId, searched ?? ''), enabled: Boolean(searched) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) setSearched(text.trim());
  };
  return (
    <>
      <Paper withBorder p="md" radius="md">
        <form onSubmit={submit} role="search" aria-label="Buscar pagamento Pix">
          <Group align="flex-end" wrap="wrap">
            <TextInput label="Id do pagamento Pix" description="Id do pedido ou EndToEndId" value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ flex: '1 1 280px' }} />
            {/* §5: the search is disabled while the field is empty. */}
            <Button type="submit" disabled={!text.trim()} size="md">
              Buscar
            </Button>
          </Group>
        </form>
      </Paper>
      {searched &&
        (order.isPending ? (
          <Skeleton h={220} />
        ) : order.isError ? (
          order.error instanceof ApiError && order.error.status === 404 ? (
            <EmptyState text={order.error.message} />
          ) : (
            <Alert color="red">{order.error.message}</Alert>
          )
        ) : (
          <OrderCard localId={localId} order={order.data} />
        ))}
    </>
  );
}

/** /admin/TransactionsProcess/pixTransaction (spec 001 §2.15, §4). */
export function PixPage() {
  return (
    <FinancePage title="Transação Pix" provider="acquirer">
      {(localId) => <PixLookup localId={localId} />}
    </FinancePage>
  );
}
