import { describe, expect, it } from 'vitest';
import type { Order } from '../../../../shared/contract/orders';
import { DELIVERY_KIND, ORDER_STATE } from '../../../../shared/orders';
import { makeOrder } from '../testing/fixtures';
import { lateness, stateLimits, stateSince, timerSince, totalSeconds } from './timers';

const T0 = Date.parse('2026-11-26T20:00:00.000Z');
const at = (min: number) => new Date(T0 + min * 60_000).toISOString();
const queue = { ageWarnMinutes: 5, ageLateMinutes: 8 };

/** An order created at minute 0 that went through `steps` ([state, minute]). */
function order(steps: Array<[number, number]>, over: Partial<Order> = {}): Order {
  const last = steps[steps.length - 1];
  return {
    ...makeOrder({ stateId: last[0] }),
    DataCriacao: at(0),
    HistoricoEstados: steps.map(([EstadoId, m]) => ({ EstadoId, Data: at(m), Usuario: null })),
    EstadoDesde: at(last[1]),
    TempoPreparo: 20,
    ...over,
  };
}

describe('ticket timer: the time in the current state', () => {
  it('counts from when the order entered its state, not from its creation', () => {
    const o = order([[1, 0], [2, 30], [3, 34]]);
    expect(timerSince(o)).toBe(at(34));
    // Without the server's EstadoDesde (an older copy): the history's last step into the state.
    expect(stateSince({ ...o, EstadoDesde: undefined })).toBe(at(34));
    expect(stateSince({ ...o, EstadoDesde: undefined, HistoricoEstados: [] })).toBe(at(0));
  });

  it('"Em transporte" counts from the dispatch', () => {
    const o = order([[1, 0], [2, 1], [3, 2], [4, 25]], { DespachadoEm: at(25) });
    expect(timerSince(o)).toBe(at(25));
  });

  it('the drawer’s total runs from creation, and stops when the order ends', () => {
    expect(totalSeconds(order([[1, 0], [2, 3]]), T0 + 42 * 60_000)).toBe(42 * 60);
    expect(totalSeconds(order([[1, 0], [2, 3], [3, 5], [4, 20], [5, 50]]), T0 + 300 * 60_000)).toBe(50 * 60);
  });
});

describe('lateness: the current state against its limit', () => {
  it('Em preparo is late past the order’s preparation target (per product or the venue’s), yellow from three quarters', () => {
    const o = order([[1, 0], [2, 30], [3, 40]]); // 40 minutes old: a creation clock would call it late
    expect(lateness(o, T0 + (40 + 14) * 60_000, queue)).toBe('ok');
    expect(lateness(o, T0 + (40 + 15) * 60_000, queue)).toBe('warn');
    expect(lateness(o, T0 + (40 + 20) * 60_000, queue)).toBe('late');
    const quick = { ...o, TempoPreparo: 4 };
    expect(lateness(quick, T0 + (40 + 4) * 60_000, queue)).toBe('late');
    // An older copy without a target: the shared default (15 minutes).
    expect(stateLimits({ ...o, TempoPreparo: null }, queue)).toEqual({ warn: 675, late: 900 });
  });

  it('Pendente and Aceito wait in a queue: the venue’s yellow/red minutes on the time in that state', () => {
    const pending = order([[1, 0]]);
    expect(lateness(pending, T0 + 4 * 60_000, queue)).toBe('ok');
    expect(lateness(pending, T0 + 5 * 60_000, queue)).toBe('warn');
    expect(lateness(pending, T0 + 8 * 60_000, queue)).toBe('late');
    const acceptedLate = order([[1, 0], [2, 30]]);
    expect(lateness(acceptedLate, T0 + 31 * 60_000, queue)).toBe('ok');
  });

  it('Em transporte: a delivery against its delivery time; a pickup waiting at the counter against the queue; finished orders never', () => {
    const delivery = order([[1, 0], [2, 1], [3, 2], [4, 20]], { TipoEntrega: DELIVERY_KIND.delivery, TempoEntrega: 40, DespachadoEm: at(20) });
    expect(lateness(delivery, T0 + (20 + 29) * 60_000, queue)).toBe('ok');
    expect(lateness(delivery, T0 + (20 + 30) * 60_000, queue)).toBe('warn');
    expect(lateness(delivery, T0 + (20 + 40) * 60_000, queue)).toBe('late');
    expect(stateLimits({ ...delivery, TempoEntrega: null }, queue)).toBeNull();
    const pickup = order([[1, 0], [2, 1], [3, 2], [4, 20]], { TipoEntrega: DELIVERY_KIND.pickup, DespachadoEm: at(20) });
    expect(lateness(pickup, T0 + (20 + 8) * 60_000, queue)).toBe('late');
    const done = order([[1, 0], [2, 1], [3, 2], [4, 3], [ORDER_STATE.Entregue, 4]]);
    expect(lateness(done, T0 + 600 * 60_000, queue)).toBe('ok');
  });
});
