/**
 * The lines an iFood order adds to its ticket, the same on the board's card, the drawer and the
 * printed ticket (iFood's homologation asks for them on "screen and/or receipt").
 */
import type { IfoodDiscount, IfoodTicket } from './contract/ifood-ticket';
import { formatBRL, formatDate, formatTime } from './format';

export const IFOOD_TICKET_MSG = {
  disputeAccepted: 'Cancelamento aceito. O iFood cancela o pedido.',
  disputeRejected: 'Cancelamento recusado. O pedido continua.',
  disputeReasonRequired: 'Informe o motivo para recusar o cancelamento.',
  disputeNotOpen: 'Este pedido não tem pedido de cancelamento aberto.',
  disputeExpired: 'O prazo do iFood para responder terminou.',
  disputeFailed: 'O iFood não respondeu. Tente de novo.',
} as const;

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
  if (!n || n.Situacao !== 'aberta') return null;
  const until = n.ExpiraEm ? ` Responda até ${formatTime(n.ExpiraEm)}.` : '';
  return `Cliente pediu o cancelamento${n.Mensagem ? `: "${n.Mensagem}"` : ''}.${until}`;
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
  ].filter((l): l is string => !!l);
}
