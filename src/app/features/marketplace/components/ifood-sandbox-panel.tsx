import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IFOOD_CALL_LABEL, IFOOD_STATUS_LABEL } from '../../../../shared/marketplace';
import { formatTime } from '../../../../shared/format';
import { errorText } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/toast';
import { marketplaceQueries, simulateSandboxCancel, simulateSandboxOrder } from '../api/marketplace-api';
import { DataTable } from '../../../components/data-table';

const FINAL = new Set(['CANCELLED', 'CONCLUDED']);
const SANDBOX_ERROR = 'Ocorreu um erro. Tente novamente';

/**
 * The iFood sandbox (shown only while this server talks to its in-process sandbox instead of iFood;
 * in production without credentials nor the sandbox, the server's "não configurado" text instead):
 * test orders it placed for the store, the calls the board's actions made to it, and buttons that
 * play iFood's part (a new order, the customer cancelling).
 */
export function IfoodSandboxPanel({ localId }: { localId: string }) {
  const qc = useQueryClient();
  const q = useQuery(marketplaceQueries.sandbox(localId));
  const refresh = () => qc.invalidateQueries({ queryKey: marketplaceQueries.sandbox(localId).queryKey });
  const place = useMutation({
    mutationFn: () => simulateSandboxOrder(localId),
    onSuccess: (r) => {
      void toastSuccess(r.Message);
      void refresh();
    },
    onError: (err) => void toastError(errorText(err, SANDBOX_ERROR)),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => simulateSandboxCancel(localId, id),
    onSuccess: (r) => {
      void toastSuccess(r.Message);
      void refresh();
    },
    onError: (err) => void toastError(errorText(err, SANDBOX_ERROR)),
  });
  const v = q.data;
  if (v?.naoConfigurado) {
    return (
      <Alert color="red" variant="light" title="iFood: não configurado">
        {v.naoConfigurado}
      </Alert>
    );
  }
  if (!v?.ativo) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ifood-sandbox-title">
      <Stack>
        <Group justify="space-between" align="flex-start">
          <div>
            <Group gap="xs">
              <Title order={2} size="h3" id="ifood-sandbox-title">
                iFood sandbox
              </Title>
              <Badge color="orange.9" variant="filled" tt="none">
                sandbox
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" maw={460}>
              Este servidor não tem credenciais do iFood: um iFood de teste, no próprio servidor, responde como o iFood real.
              {v.pedidoAutomaticoMinutos > 0 ? ` Ele envia um pedido de teste a cada ${v.pedidoAutomaticoMinutos.toLocaleString('pt-BR')} min.` : ''}
            </Text>
          </div>
          <Button onClick={() => place.mutate()} loading={place.isPending} disabled={!v.merchantId}>
            Simular pedido
          </Button>
        </Group>
        {!v.buscando && <Alert color="yellow">A busca de pedidos está desligada neste servidor (IFOOD_POLL_MS=0): os pedidos de teste não chegam ao painel.</Alert>}
        {!v.merchantId && <Text size="sm">Informe o ID da loja e ative a busca de pedidos para receber pedidos de teste.</Text>}
        {v.merchantId && v.pedidos.length === 0 && <Text size="sm">Nenhum pedido de teste ainda.</Text>}
        {v.pedidos.length > 0 && (
          <DataTable minWidth={560} striped aria-label="Pedidos de teste do iFood sandbox" head={['Pedido', 'Hora', 'Situação no iFood', 'Chamadas recebidas do painel', { label: 'Ações', hidden: true }]}>
            {v.pedidos.map((o) => (
              <Table.Tr key={o.id} data-testid={`sandbox-order-${o.displayId}`}>
                <Table.Td>{o.displayId}</Table.Td>
                <Table.Td>{formatTime(o.createdAt)}</Table.Td>
                <Table.Td>{IFOOD_STATUS_LABEL[o.status] ?? o.status}</Table.Td>
                <Table.Td>{o.calls.length ? o.calls.map((c) => IFOOD_CALL_LABEL[c] ?? c).join(', ') : '—'}</Table.Td>
                <Table.Td>
                  {!FINAL.has(o.status) && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => cancel.mutate(o.id)}
                      loading={cancel.isPending && cancel.variables === o.id}
                      aria-label={`Simular cancelamento do pedido ${o.displayId} pelo cliente`}
                    >
                      Simular cancelamento
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </Stack>
    </Paper>
  );
}
