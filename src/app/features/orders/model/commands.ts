/**
 * The order commands the board sends (state changes and the other per-order actions), their
 * request paths, their names in banners, and how a queued command shows on its card before the
 * server has it (the overlay of pending outbox records on the cached orders).
 */
import type { Carrier, Order, OrderConflictBody } from '../../../../shared/contract/orders';
import { formatTime } from '../../../../shared/format';
import { KDS_PATHS, ORDER_COMMANDS, type OrderCommand } from '../../../../shared/orders';

export type BoardCommand = OrderCommand | 'resendToPrinter' | 'printerStatus' | 'assignCarrier' | 'authorizeMeepDelivery' | 'callCourier' | 'changeDeliveryCompany' | 'rushOrder' | 'bumpItem';

export const isStateCommand = (c: string): c is OrderCommand => (ORDER_COMMANDS as string[]).includes(c);

/** What the card shows while the command waits (merged over the cached order, in queue order). */
export interface OrderPreview {
  state?: { Id: number; Name: string; BackgroundColor: string };
  Transportador?: Carrier | null;
  PedidoPOSPrinterStatus?: number | null;
  ChamouMeepDelivery?: boolean;
  ModoEntrega?: number | null;
  /** Rush flag on (a date) or off (null). */
  UrgenteEm?: string | null;
  /** Item-level bump: item id → done (a date) or back (null). */
  itemBump?: { id: string; ProntoEm: string | null };
}

/** The outbox record's payload: what is sent, and what the card shows meanwhile. */
export interface CommandPayload {
  body?: unknown;
  query?: Record<string, string>;
  preview?: OrderPreview;
  /** Order code, for banners. */
  codigo?: string;
}

export function commandPath(command: string): string {
  if (isStateCommand(command)) return KDS_PATHS.command(command);
  switch (command as BoardCommand) {
    case 'resendToPrinter':
      return KDS_PATHS.resend;
    case 'printerStatus':
      return KDS_PATHS.printerStatus;
    case 'assignCarrier':
      return KDS_PATHS.assignCarrier;
    case 'authorizeMeepDelivery':
      return KDS_PATHS.authorizeMeepDelivery;
    case 'callCourier':
      return KDS_PATHS.callCourier;
    case 'changeDeliveryCompany':
      return KDS_PATHS.changeDeliveryCompany;
    case 'rushOrder':
      return KDS_PATHS.rush;
    case 'bumpItem':
      return KDS_PATHS.bumpItem;
    default:
      throw new Error(`Comando desconhecido: ${command}`);
  }
}

/** Noun of each command in banners, and whether it is feminine ("aplicado"/"aplicada"). */
const NOUN: Record<BoardCommand, [string, boolean]> = {
  acceptOrder: ['Aceite', false],
  refuseOrder: ['Recusa', true],
  startOrder: ['Início do preparo', false],
  transportOrder: ['Saída para entrega', true],
  readyToPickup: ['Aviso de pedido pronto', false],
  deliverOrder: ['Finalização', true],
  receivedOrder: ['Confirmação de recebimento', true],
  returnedOrder: ['Devolução', true],
  resendToPrinter: ['Reenvio para a impressora', false],
  printerStatus: ['Situação da impressão', true],
  assignCarrier: ['Escolha do transportador', true],
  authorizeMeepDelivery: ['Entrega pela plataforma', true],
  callCourier: ['Chamado do motoboy', false],
  changeDeliveryCompany: ['Troca da empresa de entrega', true],
  rushOrder: ['Marcação de urgência', true],
  bumpItem: ['Item pronto', false],
};

export function commandLabel(command: string, codigo: string): string {
  const [noun] = NOUN[command as BoardCommand] ?? ['Alteração', true];
  return `${noun} do pedido #${codigo}`;
}

function notApplied(command: string): string {
  const fem = NOUN[command as BoardCommand]?.[1] ?? true;
  return fem ? 'não aplicada' : 'não aplicado';
}

/** Verb form of a state's name for "recusado em outro dispositivo". */
function stateParticiple(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1);
}

function conflictOrder(response: unknown): Order | null {
  if (response && typeof response === 'object' && 'Pedido' in response) return (response as OrderConflictBody).Pedido ?? null;
  return null;
}

/**
 * The banner of a command the server did not apply:
 * "Aceite do pedido #1234 não aplicado: recusado em outro dispositivo às 12:03" (conflict), or the
 * server's message (e.g. a wrong password checked on replay).
 */
export function notAppliedMessage(r: { command: string; label?: string; status: string; response?: unknown; lastError?: string }): string {
  const head = `${r.label ?? commandLabel(r.command, '?')} ${notApplied(r.command)}`;
  const current = conflictOrder(r.response);
  if (r.status === 'conflict' && current) {
    const state = current.WorkflowInstance.CurrenteState;
    const entered = [...(current.HistoricoEstados ?? [])].reverse().find((h) => h.EstadoId === state.Id)?.Data ?? current.DataAtualizacao;
    return `${head}: ${stateParticiple(state.Name)} em outro dispositivo às ${formatTime(entered)}`;
  }
  const msg = r.lastError || (r.response && typeof r.response === 'object' && 'Message' in r.response ? String((r.response as { Message: unknown }).Message) : '');
  return msg ? `${head}: ${msg}` : head;
}

export interface PendingRecordLike {
  orderId: string;
  status: string;
  payload: unknown;
  createdAt: number;
  seq: number;
}

export type PendingMark = 'pending' | 'sending' | null;

/** Applies the previews of the order's waiting commands; returns the same object when there are none. */
export function overlayOrder(order: Order, records: readonly PendingRecordLike[] | undefined): { order: Order; mark: PendingMark } {
  const waiting = (records ?? []).filter((r) => r.status === 'pending' || r.status === 'sending');
  if (!waiting.length) return { order, mark: null };
  let next: Order = order;
  for (const r of waiting) {
    const p = ((r.payload ?? {}) as CommandPayload).preview;
    if (!p) continue;
    next = {
      ...next,
      ...(p.state ? { WorkflowInstance: { CurrenteState: p.state } } : {}),
      ...(p.Transportador !== undefined ? { Transportador: p.Transportador } : {}),
      ...(p.PedidoPOSPrinterStatus !== undefined ? { PedidoPOSPrinterStatus: p.PedidoPOSPrinterStatus, DataStatusImpressora: new Date(r.createdAt).toISOString() } : {}),
      ...(p.ChamouMeepDelivery !== undefined ? { ChamouMeepDelivery: p.ChamouMeepDelivery } : {}),
      ...(p.ModoEntrega !== undefined ? { ModoEntrega: p.ModoEntrega } : {}),
      ...(p.UrgenteEm !== undefined ? { UrgenteEm: p.UrgenteEm } : {}),
      ...(p.itemBump ? { Itens: next.Itens.map((i) => (i.Id === p.itemBump!.id ? { ...i, ProntoEm: p.itemBump!.ProntoEm } : i)) } : {}),
    };
  }
  return { order: next, mark: waiting.some((r) => r.status === 'sending') ? 'sending' : 'pending' };
}

/** Groups records by order, in queue order. */
export function recordsByOrder<T extends PendingRecordLike>(records: readonly T[]): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of [...records].sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq)) {
    const list = m.get(r.orderId);
    if (list) list.push(r);
    else m.set(r.orderId, [r]);
  }
  return m;
}
