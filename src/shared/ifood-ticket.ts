/**
 * The lines an iFood order adds to its ticket, the same on the board's card, the drawer and the
 * printed ticket (iFood's homologation asks for them on "screen and/or receipt").
 */
import type { IfoodDiscount, IfoodDispute, IfoodTicket } from './contract/ifood-ticket';
import { formatBRL, formatDate, formatTime } from './format';

export const IFOOD_TICKET_MSG = {
  disputeAccepted: 'Cancelamento aceito. O iFood cancela o pedido.',
  disputeRejected: 'Cancelamento recusado. O pedido continua.',
  disputeReasonRequired: 'Informe o motivo para recusar o cancelamento.',
  disputeNotOpen: 'Este pedido não tem pedido de cancelamento aberto.',
  disputeExpired: 'O prazo do iFood para responder terminou.',
  disputeFailed: 'O iFood não respondeu. Tente de novo.',
  proposalNotOffered: 'O iFood não oferece esta proposta para este pedido.',
  proposalInvalid: 'Informe um valor de reembolso maior que zero, em reais e centavos.',
  proposalTooHigh: (max: number) => `O reembolso pode ser de até ${formatBRL(max)}.`,
  proposalSent: 'Proposta de reembolso enviada ao iFood.',
} as const;

/** What the customer asks, by iFood's `action` (handshake platform). */
const DISPUTE_ACTION: Record<string, { title: string; ask: string; accept: string; reject: string }> = {
  CANCELLATION: { title: 'Pedido de cancelamento do cliente', ask: 'Cliente pediu o cancelamento', accept: 'Aceitar cancelamento', reject: 'Recusar cancelamento' },
  PARTIAL_CANCELLATION: { title: 'Cancelamento parcial pedido pelo cliente', ask: 'Cliente pediu o cancelamento de itens', accept: 'Aceitar cancelamento dos itens', reject: 'Recusar cancelamento' },
  PROPOSED_AMOUNT_REFUND: { title: 'Reembolso pedido pelo cliente', ask: 'Cliente pediu reembolso', accept: 'Aceitar reembolso', reject: 'Recusar reembolso' },
  PROPOSED_ADDITIONAL_TIME: { title: 'Pedido de mais tempo de entrega', ask: 'iFood propôs mais tempo de entrega', accept: 'Aceitar mais tempo', reject: 'Recusar mais tempo' },
};
const OTHER_ACTION = { title: 'Negociação aberta pelo cliente', ask: 'Cliente abriu uma negociação', accept: 'Aceitar', reject: 'Recusar' };
export const disputeAction = (d: Pick<IfoodDispute, 'Acao'>) => DISPUTE_ACTION[d.Acao.toUpperCase()] ?? OTHER_ACTION;

/** "1x Batata frita — R$ 19,50 (Veio fria)": an item the customer wants cancelled. */
export function disputeItemText(i: NonNullable<IfoodDispute['Itens']>[number]): string {
  return `${i.Quantidade}x ${i.Nome}${i.Valor !== null ? ` — ${formatBRL(i.Valor)}` : ''}${i.Motivo ? ` (${i.Motivo})` : ''}`;
}

/** What iFood does at the deadline, as the board says it. */
export function disputeTimeoutText(d: IfoodDispute): string | null {
  if (!d.ExpiraEm) return null;
  const until = `Sem resposta até ${formatTime(d.ExpiraEm)},`;
  const partial = d.Acao.toUpperCase() === 'PARTIAL_CANCELLATION';
  if (d.AoExpirar === 'ACCEPT_CANCELLATION') return `${until} o iFood ${partial ? 'cancela os itens' : 'cancela o pedido'}.`;
  if (d.AoExpirar === 'REJECT_CANCELLATION') return `${until} o iFood mantém o pedido.`;
  if (d.AoExpirar === 'VOID') return `${until} o iFood encerra a negociação sem mudar o pedido.`;
  return null;
}

/** "Propor reembolso (até R$ 8,00)". */
export const proposalLabel = (a: NonNullable<IfoodDispute['Alternativas']>[number]) => `Propor reembolso${a.ValorMaximo !== null ? ` (até ${formatBRL(a.ValorMaximo)})` : ''}`;

/** "iFood 7421". */
export const ifoodLabel = (t: Pick<IfoodTicket, 'DisplayId'>) => `iFood ${t.DisplayId}`;

/** dd/MM in America/Sao_Paulo. */
const dayMonth = (iso: string) => formatDate(iso).slice(0, 5);

const SPONSOR: Record<string, string> = { IFOOD: 'iFood', MERCHANT: 'loja', EXTERNAL: 'parceiro', CHAIN: 'rede' };
export const sponsorLabel = (name: string) => SPONSOR[name.toUpperCase()] ?? name;

/** "Desconto R$ 15,00 (iFood R$ 10,00 · loja R$ 5,00)". */
export function discountText(d: IfoodDiscount): string {
  const parts = d.Patrocinio.filter((p) => p.Valor > 0).map((p) => `${sponsorLabel(p.Nome)} ${formatBRL(p.Valor)}`);
  return `Desconto ${formatBRL(d.Valor)}${parts.length ? ` (${parts.join(' · ')})` : ''}`;
}

/** "Agendado para 29/11 19:30" (the start of the customer's window). */
export function scheduledText(t: IfoodTicket): string | null {
  if (!t.Agendado || !t.AgendadoInicio) return null;
  return `Agendado para ${dayMonth(t.AgendadoInicio)} ${formatTime(t.AgendadoInicio)}`;
}

/** "Iniciar preparo às 19:05" for scheduled orders (an immediate one starts now). */
export function prepStartText(t: IfoodTicket): string | null {
  if (!t.Agendado || !t.InicioPreparo) return null;
  return `Iniciar preparo às ${formatTime(t.InicioPreparo)}`;
}

/** "Retirada às 19:40" (TAKEOUT). */
export function takeoutText(t: IfoodTicket): string | null {
  if (t.Tipo !== 'TAKEOUT' || !t.RetiradaEm) return null;
  return `Retirada às ${formatTime(t.RetiradaEm)}`;
}

export function brandText(t: IfoodTicket): string | null {
  return t.Bandeiras.length ? `Cartão ${t.Bandeiras.join(', ')}` : null;
}

export function failureText(t: IfoodTicket): string | null {
  return t.FalhaCancelamento ? `iFood recusou o cancelamento: ${t.FalhaCancelamento}` : null;
}

export function disputeText(t: IfoodTicket): string | null {
  const n = t.Negociacao;
  if (!n) return null;
  if (n.Situacao === 'proposta' && n.Proposta) return `Reembolso de ${formatBRL(n.Proposta.Valor)} proposto ao cliente pelo iFood.`;
  if (n.Situacao !== 'aberta') return null;
  const until = n.ExpiraEm ? ` Responda até ${formatTime(n.ExpiraEm)}.` : '';
  return `${disputeAction(n).ask}${n.Mensagem ? `: "${n.Mensagem}"` : ''}.${until}`;
}

/** Every line, in the order the printed ticket shows them. */
export function ifoodTicketLines(t: IfoodTicket): string[] {
  return [
    ifoodLabel(t),
    scheduledText(t),
    prepStartText(t),
    takeoutText(t),
    brandText(t),
    ...t.Descontos.map(discountText),
    failureText(t),
    disputeText(t),
    ...(t.Negociacao?.Situacao === 'aberta' ? (t.Negociacao.Itens ?? []).map((i) => `Cancelar: ${disputeItemText(i)}`) : []),
  ].filter((l): l is string => !!l);
}
