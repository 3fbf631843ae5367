/**
 * What iFood's order homologation asks the ticket to show (shared/ifood-ticket.ts builds the same
 * lines for the printed ticket): "iFood 7421", "Agendado para…", when to start preparing, the takeout
 * time, the card brand, each discount with who pays it, a cancellation iFood refused, and the
 * customer's cancellation request with "Aceitar cancelamento" / "Recusar cancelamento" until iFood's
 * deadline. Inserted into the card and the drawer; knows nothing of the board's layout.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IFOOD_DISPUTE_REASON_MAX, ifoodDisputeAnswer, type IfoodTicket } from '../../../../shared/contract/ifood-ticket';
import type { Order } from '../../../../shared/contract/orders';
import { formatTime } from '../../../../shared/format';
import { brandText, discountText, disputeText, failureText, IFOOD_TICKET_MSG, ifoodLabel, prepStartText, scheduledText, takeoutText } from '../../../../shared/ifood-ticket';
import { ApiError } from '../../../lib/api-client';
import { answerIfoodDispute } from '../api/ifood-api';
import { patchOrder } from '../api/order-cache';

export function IfoodTicketInfo({ order, compact = false }: { order: Order; compact?: boolean }) {
  const t = order.Ifood;
  if (!t) return null;
  const lines = [scheduledText(t), prepStartText(t), takeoutText(t), brandText(t), ...t.Descontos.map(discountText)].filter((l): l is string => !!l);
  const failure = failureText(t);
  return (
    <div data-testid="ifood-info" style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Text fw={800} size={compact ? 'md' : 'lg'} data-testid="ifood-display-id">
        {ifoodLabel(t)}
      </Text>
      {lines.map((l) => (
        <Text key={l} size="md" fw={l.startsWith('Agendado') || l.startsWith('Iniciar') ? 700 : 500} data-testid="ifood-line">
          {l}
        </Text>
      ))}
      {failure && (
        <Alert color="red" variant="light" p="xs" data-testid="ifood-cancel-failed">
          <Text size="md" fw={700} c="red.9">
            {failure}
          </Text>
        </Alert>
      )}
      <IfoodDispute order={order} ticket={t} />
    </div>
  );
}

function IfoodDispute({ order, ticket }: { order: Order; ticket: IfoodTicket }) {
  const d = ticket.Negociacao;
  const qc = useQueryClient();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: (body: { aceitar: boolean; motivo?: string }) => answerIfoodDispute(order.Id, body),
    onSuccess: (o) => {
      patchOrder(qc, o);
      setRefusing(false);
      setError(null);
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : IFOOD_TICKET_MSG.disputeFailed),
  });
  if (!d) return null;
  if (d.Situacao !== 'aberta') {
    const done = d.Situacao === 'aceita' ? 'Cancelamento pedido pelo cliente: aceito' : d.Situacao === 'recusada' ? 'Cancelamento pedido pelo cliente: recusado' : 'Pedido de cancelamento do cliente expirou';
    return (
      <Text size="md" fw={600} data-testid="ifood-dispute-done">
        {done}
      </Text>
    );
  }
  const submitRefusal = () => {
    const body = { aceitar: false, motivo: reason.trim() };
    const parsed = ifoodDisputeAnswer.safeParse(body);
    if (!parsed.success || !body.motivo) {
      setError(IFOOD_TICKET_MSG.disputeReasonRequired);
      return;
    }
    m.mutate(body);
  };
  return (
    <Alert color="orange" variant="light" p="xs" data-testid="ifood-dispute" title={<Text fw={800}>Pedido de cancelamento do cliente</Text>}>
      <Stack gap={6}>
        <Text size="md">{disputeText(ticket)}</Text>
        {d.AoExpirar === 'ACCEPT_CANCELLATION' && d.ExpiraEm && <Text size="sm">Sem resposta até {formatTime(d.ExpiraEm)}, o iFood cancela o pedido.</Text>}
        {d.AoExpirar === 'REJECT_CANCELLATION' && d.ExpiraEm && <Text size="sm">Sem resposta até {formatTime(d.ExpiraEm)}, o iFood mantém o pedido.</Text>}
        {error && !refusing && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Group gap="xs" grow>
          <Button size="md" mih={48} color="red" loading={m.isPending && m.variables?.aceitar} disabled={m.isPending} onClick={() => m.mutate({ aceitar: true })}>
            Aceitar cancelamento
          </Button>
          <Button size="md" mih={48} variant="default" disabled={m.isPending} onClick={() => setRefusing(true)}>
            Recusar cancelamento
          </Button>
        </Group>
      </Stack>
      <Modal opened={refusing} onClose={() => setRefusing(false)} title={`Recusar o cancelamento do pedido #${order.Codigo}`} size="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitRefusal();
          }}
        >
          <Stack>
            <Textarea
              label="Motivo da recusa"
              description="O iFood mostra este motivo ao cliente."
              withAsterisk
              autosize
              minRows={2}
              maxLength={IFOOD_DISPUTE_REASON_MAX}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={refusing ? error : null}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button size="md" mih={48} variant="default" onClick={() => setRefusing(false)}>
                Voltar
              </Button>
              <Button size="md" mih={48} type="submit" loading={m.isPending}>
                Recusar cancelamento
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Alert>
  );
}
