/**
 * All-day counts and preparation times (what Toast and Fresh KDS call "all day" and "speed of
 * service"): how many of each item the open orders still need, by station (the item's printer, the
 * same rule as the station screens), leaving out the items a station has bumped, and how long
 * orders sit in each state against a target.
 */
import type { Order } from '../../../../shared/contract/orders';
import { ORDER_STATE } from '../../../../shared/orders';
import { itemDone, stationOf } from './stations';
import { stateLimits } from './timers';

export { stationOf };

/** States whose items the kitchen still has to make. */
const TO_MAKE: readonly number[] = [ORDER_STATE.Pendente, ORDER_STATE.Aceito, ORDER_STATE.EmPreparo];

export interface AllDayLine {
  station: string;
  item: string;
  quantity: number;
  orders: number;
}

/** Total of each item across the open orders, by station; stations A-Z, then most needed first. */
export function allDayCounts(orders: readonly Order[], station?: string): AllDayLine[] {
  const lines = new Map<string, AllDayLine>();
  for (const o of orders) {
    if (!TO_MAKE.includes(o.WorkflowInstance.CurrenteState.Id)) continue;
    const seen = new Set<string>();
    for (const it of o.Itens) {
      // Bumped: made already, no longer needed.
      if (itemDone(it)) continue;
      const st = stationOf(it);
      if (station && st !== station) continue;
      const key = `${st}\n${it.NomeProduto}`;
      const line = lines.get(key) ?? { station: st, item: it.NomeProduto, quantity: 0, orders: 0 };
      line.quantity += it.Quantidade;
      if (!seen.has(key)) line.orders += 1;
      seen.add(key);
      lines.set(key, line);
    }
  }
  return [...lines.values()].sort((a, b) => a.station.localeCompare(b.station, 'pt-BR') || b.quantity - a.quantity || a.item.localeCompare(b.item, 'pt-BR'));
}

/** Seconds an order has spent in each state it went through (the current one up to `now`). */
export function secondsPerState(o: Pick<Order, 'DataCriacao' | 'HistoricoEstados' | 'WorkflowInstance'>, now: number): Map<number, number> {
  const out = new Map<number, number>();
  const steps = [...o.HistoricoEstados].sort((a, b) => Date.parse(a.Data) - Date.parse(b.Data));
  if (!steps.length) steps.push({ EstadoId: o.WorkflowInstance.CurrenteState.Id, Data: o.DataCriacao, Usuario: null });
  for (let i = 0; i < steps.length; i++) {
    const from = Date.parse(steps[i].Data);
    const to = i + 1 < steps.length ? Date.parse(steps[i + 1].Data) : now;
    out.set(steps[i].EstadoId, (out.get(steps[i].EstadoId) ?? 0) + Math.max(0, Math.round((to - from) / 1000)));
  }
  return out;
}

export interface StateTiming {
  stateId: number;
  /** Average seconds of the orders that already left the state (null when none did). */
  averageSeconds: number | null;
  /** Longest wait of the orders in the state now (null when empty). */
  currentSeconds: number | null;
  /** How many of the orders now in the state are over the target. */
  overTarget: number;
}

/**
 * Average and current time per state, against each state's limit (model/timers): `targetMinutes`
 * (the venue's red minutes) for Pendente and Aceito, each order's preparation target in Em preparo.
 */
export function stateTimings(orders: readonly Order[], now: number, targetMinutes: number): StateTiming[] {
  const queue = { ageWarnMinutes: targetMinutes, ageLateMinutes: targetMinutes };
  return [ORDER_STATE.Pendente, ORDER_STATE.Aceito, ORDER_STATE.EmPreparo].map((stateId) => {
    let doneSum = 0;
    let doneN = 0;
    let current: number | null = null;
    let over = 0;
    for (const o of orders) {
      const per = secondsPerState(o, now);
      const s = per.get(stateId);
      if (s === undefined) continue;
      if (o.WorkflowInstance.CurrenteState.Id === stateId) {
        current = Math.max(current ?? 0, s);
        const limit = stateLimits(o, queue)?.late;
        if (limit !== undefined && s > limit) over++;
      } else {
        doneSum += s;
        doneN++;
      }
    }
    return { stateId, averageSeconds: doneN ? Math.round(doneSum / doneN) : null, currentSeconds: current, overTarget: over };
  });
}
