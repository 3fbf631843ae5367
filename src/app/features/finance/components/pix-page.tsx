import { Alert, Anchor, Badge, Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { PixOrder, PixRefundState } from '../../../../shared/contract/finance';
import { pixActions, pixStatusLabel } from '../../../../shared/finance';
import { formatBRL } from '../../../../shared/format';
import { ApiError } from '../../../lib/api-client';
import { adminCall, adminErrorText } from '../../../lib/admin-call';
import { toastSuccess } from '../../../lib/toast';
import { financeQueries, refundPix, updatePixStatus } from '../api/finance-queries';
import { useCommandKey } from '../../../lib/command-key';
import { EmptyState, FinancePage, LabeledValue, formatDateTime } from './finance-page';
import { DataTable } from '../../../components/data-table';
import { SearchPanel } from '../../../components/search-panel';

const STATUS_COLOR: Record<string, string> = { Pendente: 'yellow.9', Aprovado: 'green.9', Cancelado: 'gray.8', Estornado: 'red.9' };

/** A refund's state: the PSP is called by the server's job queue, so one may still be waiting for it. */
const REFUND_LABEL: Record<PixRefundState['Status'], { text: string; color: string }> = {
  pending: { text: 'Devolução solicitada', color: 'yellow.9' },
  done: { text: 'Estorno realizado', color: 'green.9' },
  failed: { text: 'Devolução recusada', color: 'red.9' },
};
/** While a refund waits for the PSP, the order is read again this often. */
const REFUND_POLL_MS = 5_000;
export const hasPendingRefund = (o: PixOrder | undefined) => Boolean(o?.Refunds?.some((r) => r.Status === 'pending'));

function RefundList({ refunds }: { refunds: PixRefundState[] }) {
  if (!refunds.length) return null;
  return (
    <Stack gap={4} mt="md" component="section" aria-label="Devoluções deste pagamento">
      <Text fw={700} size="sm">
        Devoluções
      </Text>
      {refunds.map((r) => (
        <Group key={r.Id} gap="sm" wrap="wrap" data-testid="pix-refund">
          <Text size="sm">{formatBRL(r.Value)}</Text>
          <Badge color={REFUND_LABEL[r.Status].color} variant="outline">
            {REFUND_LABEL[r.Status].text}
          </Badge>
          <Text size="sm" c="gray.7">
            {formatDateTime(r.CreatedAt)}
          </Text>
          {r.Status === 'pending' && (
            <Text size="sm" c="gray.7">
              Aguardando o banco do Pix; esta página atualiza sozinha.
            </Text>
          )}
          {r.Status === 'failed' && r.Error && (
            <Text size="sm" c="red.9">
              {r.Error} O valor voltou a ficar disponível para estorno.
            </Text>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function OrderCard({ localId, order }: { localId: string; order: PixOrder }) {
  const queryClient = useQueryClient();
  const intent = useCommandKey();
  const [busy, setBusy] = useState<'update' | 'refund' | null>(null);
  const [confirm, setConfirm] = useState(false);
  const { canUpdateStatus, canRefund } = pixActions(order);
  const label = pixStatusLabel(order.Status);
  const reload = () => queryClient.invalidateQueries({ queryKey: financeQueries.pix(localId, '').queryKey.slice(0, 3) });
  const act = async (kind: 'update' | 'refund') => {
    setBusy(kind);
    const key = intent.keyFor({ kind, localId, id: order.Id });
    const r = await adminCall(() => (kind === 'update' ? updatePixStatus(localId, order.Id, key) : refundPix(localId, order.Id, key)));
    setBusy(null);
    setConfirm(false);
    if (r) intent.done();
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
      <RefundList refunds={order.Refunds ?? []} />
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

/** The Pix page's search in the URL: the id being looked up (so a found order can be linked and shared). */
export interface PixSearch {
  id?: string;
}

const PIX_PATH = '/admin/TransactionsProcess/pixTransaction' as const;

/** The venue's newest Pix orders, each a link to its details, so a newcomer has an id to look up. */
function RecentPixOrders({ localId, current }: { localId: string; current: string | null }) {
  const recent = useQuery(financeQueries.pixRecent(localId));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="pix-recent-title">
      <Title order={2} size="h4" id="pix-recent-title" mb="sm">
        Pedidos Pix recentes
      </Title>
      {recent.isPending ? (
        <Skeleton h={160} />
      ) : recent.isError ? (
        <Alert color="red">{adminErrorText(recent.error)}</Alert>
      ) : recent.data.length === 0 ? (
        <Text c="gray.7">Nenhum pedido Pix neste estabelecimento.</Text>
      ) : (
        <DataTable minWidth={640} highlightOnHover aria-labelledby="pix-recent-title" head={['Criado em', 'Valor', 'Status', 'EndToEndId']}>
          {recent.data.map((o) => {
            const label = pixStatusLabel(o.Status);
            return (
              <Table.Tr key={o.Id} data-testid="pix-recent" aria-current={current === o.Id ? 'true' : undefined} bg={current === o.Id ? 'orange.0' : undefined}>
                <Table.Td>
                  <Anchor
                    renderRoot={(props) => <Link {...props} to={PIX_PATH} search={{ id: o.Id }} />}
                    aria-label={`Ver detalhes do Pix de ${formatBRL(o.Value)} criado em ${formatDateTime(o.CreatedAt)}`}
                    display="inline-block"
                    py={10}
                  >
                    {formatDateTime(o.CreatedAt)}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatBRL(o.Value)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[label]} variant="outline">
                    {label}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{o.EndToEndId}</Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
    </Paper>
  );
}

function PixLookup({ localId, search, onSearch }: { localId: string; search: PixSearch; onSearch: (s: PixSearch) => void }) {
  const searched = search.id ?? null;
  const [text, setText] = useState(searched ?? '');
  // A link of the recent list (or the browser's back button) changes the search: the field follows.
  useEffect(() => setText(searched ?? ''), [searched]);
  const order = useQuery({
    ...financeQueries.pix(localId, searched ?? ''),
    enabled: Boolean(searched),
    // A refund waiting for the PSP (on the server's job queue) shows its outcome when it comes.
    refetchInterval: (q) => (hasPendingRefund(q.state.data) ? REFUND_POLL_MS : false),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim()) onSearch({ id: text.trim() });
  };
  return (
    <>
      <SearchPanel label="Buscar pagamento Pix" onSubmit={submit} align="flex-end">
        <TextInput label="Id do pagamento Pix" description="Id do pedido ou EndToEndId" value={text} onChange={(e) => setText(e.currentTarget.value)} style={{ flex: '1 1 280px' }} />
        {/* §5: the search is disabled while the field is empty. */}
        <Button type="submit" disabled={!text.trim()} size="md">
          Buscar
        </Button>
      </SearchPanel>
      {searched &&
        (order.isPending ? (
          <Skeleton h={220} />
        ) : order.isError ? (
          order.error instanceof ApiError && order.error.status === 404 ? (
            <EmptyState text={order.error.message} />
          ) : (
            <Alert color="red">{adminErrorText(order.error)}</Alert>
          )
        ) : (
          <OrderCard localId={localId} order={order.data} />
        ))}
      <RecentPixOrders localId={localId} current={order.data?.Id ?? null} />
    </>
  );
}

/** /admin/TransactionsProcess/pixTransaction (spec 001 §2.15, §4); `?id=` looks an order up. */
export function PixPage({ search, onSearch }: { search: PixSearch; onSearch: (s: PixSearch) => void }) {
  return (
    <FinancePage title="Transação Pix" provider="acquirer">
      {(localId) => <PixLookup localId={localId} search={search} onSearch={onSearch} />}
    </FinancePage>
  );
}
