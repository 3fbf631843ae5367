/**
 * What a ticket's timer means (issue 23): the time the order has spent in its current state ("Em
 * transporte": since dispatch, or since it was put on the counter), against that state's limit:
 *
 * - Pendente and Aceito: a queue (waiting to be accepted, waiting to be started): the venue's
 *   "amarelo"/"vermelho" minutes (kdsSettings.ageWarnMinutes / ageLateMinutes);
 * - Em preparo: the order's preparation target (TempoPreparo: the slowest of its products'
 *   preparation times, the venue's for products without one), yellow from three quarters of it;
 * - Em transporte: a delivery against its delivery time (TempoEntrega, when set); a pickup or table
 *   order waiting at the counter against the queue minutes (food gets cold).
 *
 * The drawer shows the total since creation beside it. Pure functions: cards, drawer and tests call them.
 */
import type { Order } from '../../../../shared/contract/orders';
import { DEFAULT_PREP_MINUTES, DELIVERY_KIND, ORDER_STATE } from '../../../../shared/orders';
import { elapsedSeconds, type AgeLevel } from './board-rules';

type TimedOrder = Pick<Order, 'DataCriacao' | 'HistoricoEstados' | 'WorkflowInstance' | 'EstadoDesde' | 'DespachadoEm' | 'TempoPreparo' | 'TempoEntrega' | 'TipoEntrega'>;

/** The venue's queue limits (minutes). */
export interface QueueLimits {
  ageWarnMinutes: number;
  ageLateMinutes: number;
}

/** Share of the preparation (or delivery) target from which a ticket turns yellow. */
export const WARN_SHARE = 0.75;

/** When the order entered its current state: the server's EstadoDesde, else its history, else its creation. */
export function stateSince(o: Pick<TimedOrder, 'DataCriacao' | 'HistoricoEstados' | 'WorkflowInstance' | 'EstadoDesde'>): string {
  if (o.EstadoDesde) return o.EstadoDesde;
  const id = o.WorkflowInstance.CurrenteState.Id;
  for (let i = o.HistoricoEstados.length - 1; i >= 0; i--) if (o.HistoricoEstados[i].EstadoId === id) return o.HistoricoEstados[i].Data;
  return o.DataCriacao;
}

/** Where the ticket's timer counts from: the current state's start ("Em transporte": the dispatch). */
export function timerSince(o: Pick<TimedOrder, 'DataCriacao' | 'HistoricoEstados' | 'WorkflowInstance' | 'EstadoDesde' | 'DespachadoEm'>): string {
  if (o.WorkflowInstance.CurrenteState.Id === ORDER_STATE.EmTransporte && o.DespachadoEm) return o.DespachadoEm;
  return stateSince(o);
}

/** The limits (seconds) of the order's current state, or null when nothing there is ever late. */
export function stateLimits(o: TimedOrder, q: QueueLimits): { warn: number; late: number } | null {
  const queue = { warn: q.ageWarnMinutes * 60, late: q.ageLateMinutes * 60 };
  const target = (minutes: number) => ({ warn: Math.floor(minutes * 60 * WARN_SHARE), late: minutes * 60 });
  switch (o.WorkflowInstance.CurrenteState.Id) {
    case ORDER_STATE.Pendente:
    case ORDER_STATE.Aceito:
      return queue;
    case ORDER_STATE.EmPreparo:
      return target(o.TempoPreparo ?? DEFAULT_PREP_MINUTES);
    case ORDER_STATE.EmTransporte:
      if (o.TipoEntrega !== DELIVERY_KIND.delivery) return queue;
      return o.TempoEntrega ? target(o.TempoEntrega) : null;
    default:
      return null;
  }
}

/** The ticket's colour: yellow from the state's warning limit, red past its limit. */
export function lateness(o: TimedOrder, nowMs: number, q: QueueLimits): AgeLevel {
  const limits = stateLimits(o, q);
  if (!limits) return 'ok';
  const s = elapsedSeconds(timerSince(o), nowMs);
  if (s >= limits.late) return 'late';
  if (s >= limits.warn) return 'warn';
  return 'ok';
}

/** When a finished or refused order ended (its last step), or null while it runs. */
export function endedAt(o: Pick<TimedOrder, 'HistoricoEstados' | 'WorkflowInstance' | 'EstadoDesde'>): string | null {
  const id = o.WorkflowInstance.CurrenteState.Id;
  if (id !== ORDER_STATE.Entregue && id !== ORDER_STATE.Recusado) return null;
  return o.EstadoDesde ?? o.HistoricoEstados.at(-1)?.Data ?? null;
}

/** Seconds from creation to now (or to the end of a finished order): the drawer's total. */
export function totalSeconds(o: Pick<TimedOrder, 'DataCriacao' | 'HistoricoEstados' | 'WorkflowInstance' | 'EstadoDesde'>, nowMs: number): number {
  const end = endedAt(o);
  return elapsedSeconds(o.DataCriacao, end ? Date.parse(end) : nowMs);
}
