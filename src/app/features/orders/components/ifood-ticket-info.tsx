/**
 * What iFood's order homologation asks the ticket to show (shared/ifood-ticket.ts builds the same
 * lines for the printed ticket): "iFood 7421", "Agendado para…", when to start preparing, the takeout
 * time, the card brand, each discount with who pays it, a cancellation iFood refused, and the
 * customer's request on iFood's negotiation platform (a full or partial cancellation with its items,
 * a refund, more time) with accept / refuse and iFood's counter-proposals ("Propor reembolso (até
 * R$ x)") until iFood's deadline, counted down. Inserted into the card and the drawer; knows nothing of the board's layout.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { IFOOD_DISPUTE_REASON_MAX, ifoodDisputeAnswer, ifoodDisputeProposal, type IfoodDispute, type IfoodDisputeProposal, type IfoodTicket } from '../../../../shared/contract/ifood-ticket';
import type { Order } from '../../../../shared/contract/orders';
import { formatBRL, formatMoneyInput, parseMoney } from '../../../../shared/format';
import { brandText, discountText, disputeAction, disputeItemText, disputeText, disputeTimeoutText, failureText, IFOOD_TICKET_MSG, ifoodLabel, prepStartText, proposalLabel, scheduledText, takeoutText } from '../../../../shared/ifood-ticket';
import { errorText } from '../../../lib/api-client';
import { answerIfoodDispute, proposeIfoodAlternative } from '../api/ifood-api';
import { patchOrder } from '../api/order-cache';

type IfoodDisputeAlternative = NonNullable<IfoodDispute['Alternativas']>[number];

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

/** "4:32" left until iFood's deadline, ticking every second; null once it has passed. */
function useTimeLeft(until: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, [until]);
  if (!until) return null;
  return Math.max(0, Math.floor((Date.parse(until) - now) / 1000));
}
/** Button labels wrap on a narrow card instead of widening it past its edge. */
const WRAP = { label: { whiteSpace: 'normal' as const, textAlign: 'center' as const, lineHeight: 1.25 } };
const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

function IfoodDispute({ order, ticket }: { order: Order; ticket: IfoodTicket }) {
  const d = ticket.Negociacao;
  const qc = useQueryClient();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [proposing, setProposing] = useState<IfoodDisputeAlternative | null>(null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const left = useTimeLeft(d?.Situacao === 'aberta' ? d.ExpiraEm : null);
  const done = (o: Order) => {
    patchOrder(qc, o);
    setRefusing(false);
    setProposing(null);
    setError(null);
  };
  const fail = (e: unknown) => setError(errorText(e, IFOOD_TICKET_MSG.disputeFailed));
  const m = useMutation({ mutationFn: (body: { aceitar: boolean; motivo?: string }) => answerIfoodDispute(order.Id, body), onSuccess: done, onError: fail });
  const p = useMutation({ mutationFn: (body: IfoodDisputeProposal) => proposeIfoodAlternative(order.Id, body), onSuccess: done, onError: fail });
  if (!d) return null;
  const action = disputeAction(d);
  const isCancellation = d.Acao.toUpperCase() === 'CANCELLATION';
  if (d.Situacao !== 'aberta') {
    const text =
      d.Situacao === 'proposta'
        ? `${disputeText(ticket)}${d.Resultado ? ` iFood: ${d.Resultado}.` : ''}`
        : isCancellation
          ? d.Situacao === 'aceita' ? 'Cancelamento pedido pelo cliente: aceito' : d.Situacao === 'recusada' ? 'Cancelamento pedido pelo cliente: recusado' : 'Pedido de cancelamento do cliente expirou'
          : `${action.title}: ${d.Situacao === 'aceita' ? 'aceito' : d.Situacao === 'recusada' ? 'recusado' : 'prazo encerrado'}`;
    return (
      <Text size="md" fw={600} data-testid="ifood-dispute-done">
        {text}
      </Text>
    );
  }
  const expired = left === 0;
  const busy = m.isPending || p.isPending;
  const refunds = (d.Alternativas ?? []).filter((a) => a.Tipo === 'REFUND');
  const timeout = disputeTimeoutText(d);
  const submitRefusal = () => {
    const body = { aceitar: false, motivo: reason.trim() };
    const parsed = ifoodDisputeAnswer.safeParse(body);
    if (!parsed.success || !body.motivo) {
      setError(IFOOD_TICKET_MSG.disputeReasonRequired);
      return;
    }
    m.mutate(body);
  };
  const submitProposal = () => {
    if (!proposing) return;
    const valor = parseMoney(amount);
    const body = { alternativaId: proposing.Id, valor: valor ?? Number.NaN };
    if (valor === null || !ifoodDisputeProposal.safeParse(body).success || Math.abs(Math.round(valor * 100) - valor * 100) > 1e-6) {
      setError(IFOOD_TICKET_MSG.proposalInvalid);
      return;
    }
    if (proposing.ValorMaximo !== null && Math.round(valor * 100) > Math.round(proposing.ValorMaximo * 100)) {
      setError(IFOOD_TICKET_MSG.proposalTooHigh(proposing.ValorMaximo));
      return;
    }
    p.mutate(body);
  };
  const rejectTitle = isCancellation || d.Acao.toUpperCase() === 'PARTIAL_CANCELLATION' ? `Recusar o cancelamento do pedido #${order.Codigo}` : `${action.reject} — pedido #${order.Codigo}`;
  return (
    <Alert color="orange" variant="light" p="xs" data-testid="ifood-dispute" styles={{ wrapper: { minWidth: 0 }, body: { minWidth: 0, overflowWrap: 'break-word' } }} title={<Text fw={800}>{action.title}</Text>}>
      <Stack gap={6}>
        <Text size="md">{disputeText(ticket)}</Text>
        {!!d.Itens?.length && (
          <div data-testid="ifood-dispute-items">
            <Text size="md" fw={700}>
              Itens que o cliente quer cancelar:
            </Text>
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {d.Itens.map((i, n) => (
                <li key={n}>
                  <Text size="md" component="span">
                    {disputeItemText(i)}
                  </Text>
                </li>
              ))}
            </ul>
          </div>
        )}
        {left !== null && (
          <Text size="md" fw={800} role="timer" aria-live="off" data-testid="ifood-dispute-countdown" c={expired || left < 60 ? 'red.9' : undefined}>
            {expired ? 'Prazo do iFood encerrado' : `Tempo para responder: ${mmss(left)}`}
          </Text>
        )}
        {timeout && <Text size="sm">{timeout}</Text>}
        {error && !refusing && !proposing && (
          <Text size="sm" c="red.9" role="alert">
            {error}
          </Text>
        )}
        <Stack gap="xs">
          <Button size="md" mih={48} h="auto" py={6} styles={WRAP} fullWidth color="red" loading={m.isPending && m.variables?.aceitar} disabled={busy || expired} onClick={() => m.mutate({ aceitar: true })}>
            {action.accept}
          </Button>
          <Button size="md" mih={48} h="auto" py={6} styles={WRAP} fullWidth variant="default" disabled={busy || expired} onClick={() => { setError(null); setRefusing(true); }}>
            {action.reject}
          </Button>
        </Stack>
        {refunds.map((a) => (
          <Button
            key={a.Id}
            size="md"
            mih={48}
            h="auto"
            py={6}
            styles={WRAP}
            fullWidth
            variant="outline"
            color="blue.9"
            disabled={busy || expired}
            onClick={() => {
              setError(null);
              setAmount(a.ValorMaximo !== null ? formatMoneyInput(a.ValorMaximo) : '');
              setProposing(a);
            }}
          >
            {proposalLabel(a)}
          </Button>
        ))}
      </Stack>
      <Modal opened={refusing} onClose={() => setRefusing(false)} title={rejectTitle} size="md">
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
                {action.reject}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={!!proposing} onClose={() => setProposing(null)} title={`Propor reembolso ao cliente do pedido #${order.Codigo}`} size="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitProposal();
          }}
        >
          <Stack>
            <TextInput
              label="Valor do reembolso (R$)"
              description={`${proposing?.ValorMaximo != null ? `Até ${formatBRL(proposing.ValorMaximo)}. ` : ''}O iFood leva a proposta ao cliente no lugar do cancelamento.`}
              withAsterisk
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.currentTarget.value)}
              onBlur={() => {
                const n = parseMoney(amount);
                if (n !== null) setAmount(formatMoneyInput(n));
              }}
              error={proposing ? error : null}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button size="md" mih={48} variant="default" onClick={() => setProposing(null)}>
                Voltar
              </Button>
              <Button size="md" mih={48} type="submit" loading={p.isPending}>
                Enviar proposta
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Alert>
  );
}
