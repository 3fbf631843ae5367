import { Alert, Badge, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LinkPayment, PaymentLink } from '../../../../shared/contract/payment-links';
import { formatBRL, formatDate, formatTime } from '../../../../shared/format';
import { linkQueries } from '../api/payment-link-queries';
import { DataTable } from '../../../components/data-table';

/**
 * How often an open payments panel asks again while the venue's live stream is down
 * (hooks/use-link-payments-live.ts). While it is open, payments arrive as events and nothing polls.
 */
export const LINK_PAYMENTS_FALLBACK_MS = 30_000;

const STATUS: Record<LinkPayment['status'], { label: string; color: string }> = {
  paid: { label: 'Pago', color: 'green.2' },
  pending: { label: 'Aguardando pagamento', color: 'yellow.2' },
  declined: { label: 'Recusado', color: 'red.2' },
};

export function paymentMethodText(p: LinkPayment): string {
  if (p.method === 'pix') return 'Pix';
  if (p.method === 'boleto') return 'Boleto';
  const end = p.cardLast4 ? ` final ${p.cardLast4}` : '';
  return `Cartão de crédito${end} · ${p.installments === 1 ? 'à vista' : `${p.installments}x`}`;
}

const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;

/** The payments of one link: who, when, how and how much, live (`live`: the venue's stream is open) or polled slowly. */
export function LinkPaymentsModal({ link, title, live, onClose }: { link: PaymentLink | null; title: string; live: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const q = useQuery({
    ...linkQueries.payments(link?.id ?? ''),
    enabled: Boolean(link),
    refetchInterval: live ? false : LINK_PAYMENTS_FALLBACK_MS,
    refetchIntervalInBackground: false,
  });
  // Polled (stream down): a new payment also changes the card's "N pagamentos · R$ X", so the
  // cards are read again when one shows up. Live, the event itself refreshes them.
  const seen = useRef<string | null>(null);
  const signature = q.data?.map((p) => `${p.id}:${p.status}`).join(',') ?? null;
  useEffect(() => {
    if (!live && signature !== null && seen.current !== null && seen.current !== signature) void queryClient.invalidateQueries({ queryKey: [...linkQueries.all, 'list'] });
    seen.current = signature;
  }, [signature, live, queryClient]);

  return (
    <Modal opened={Boolean(link)} onClose={onClose} title={`Pagamentos: ${title}`} size="xl" centered closeButtonProps={{ 'aria-label': 'Fechar' }}>
      {q.isPending ? (
        <Skeleton h={160} />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : q.data.length === 0 ? (
        <Text>Nenhum pagamento neste link ainda.</Text>
      ) : (
        <Stack gap="xs">
          <DataTable minWidth={560} striped aria-label="Pagamentos do link" head={['Quando', 'Quem', 'Como', { label: 'Valor', ta: 'right' }, 'Situação']}>
            {q.data.map((p) => (
              <Table.Tr key={p.id} data-testid="link-payment">
                <Table.Td>{when(p.paidAt ?? p.createdAt)}</Table.Td>
                <Table.Td>
                  {p.payerName ?? 'Não identificado'}
                  {p.payerCpf && (
                    <Text size="xs" c="gray.7">
                      CPF {p.payerCpf}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{paymentMethodText(p)}</Table.Td>
                <Table.Td ta="right">{formatBRL(p.amount)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS[p.status].color} c="dark.9">
                    {STATUS[p.status].label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
          <Text size="xs" c="gray.7" aria-live="polite" data-testid="link-payments-freshness">
            {live ? 'Ao vivo' : 'Sem conexão ao vivo'} · atualizado às {formatTime(new Date(q.dataUpdatedAt).toISOString())}
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
