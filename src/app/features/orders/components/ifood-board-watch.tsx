/**
 * iFood on the board itself (iFood's homologation): the store's status at iFood in a line under the
 * top bar when the store is not receiving ("iFood: loja fechada — Pausa: cozinha lotada"), read every
 * 30 s as iFood asks; and the chimes iFood's events owe the kitchen: a scheduled order when its
 * preparation should start, a cancellation iFood refused, a customer asking to cancel.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { MarketplaceStatus, Order } from '../../../../shared/contract/orders';
import { ORDER_STATE } from '../../../../shared/orders';
import { orderQueries } from '../api/order-queries';
import { chime } from '../../../lib/chime';

/** iFood asks integrations to read the store status every 30 seconds. */
export const IFOOD_STATUS_INTERVAL_MS = 30_000;
/** A preparation start further away than this is left for a later visit of the board. */
const MAX_TIMER_MS = 24 * 3600_000;

export function ifoodStoreText(s: MarketplaceStatus): string | null {
  if (!s.ifoodIntegration || (s.merchant.available && s.isActive)) return null;
  const v = s.merchant.validations.find((x) => x.state !== 'OK');
  const why = v ? [v.message.title, v.message.subtitle].filter(Boolean).join(': ') : s.merchant.message.subtitle;
  return `iFood: loja fechada${why ? ` — ${why}` : ''}`;
}

export function IfoodBoardWatch({ localId, orders, monitoring }: { localId: string; orders: Iterable<{ order: Order }>; monitoring: boolean }) {
  const status = useQuery({ ...orderQueries.marketplace(localId), enabled: !!localId, refetchInterval: IFOOD_STATUS_INTERVAL_MS });
  useIfoodChimes(orders, monitoring);
  const text = status.data ? ifoodStoreText(status.data) : null;
  if (!text) return null;
  return (
    <div
      role="status"
      data-testid="ifood-store-status"
      style={{ background: '#991b1b', color: '#fff', fontWeight: 700, fontSize: 18, padding: '8px 12px', borderRadius: 6, overflowWrap: 'anywhere' }}
    >
      {text}
    </div>
  );
}

/** What of an order calls for a chime once: its refusal by iFood, and an open request to cancel. */
function chimeKeys(o: Order): string[] {
  const t = o.Ifood;
  if (!t) return [];
  const keys: string[] = [];
  if (t.FalhaCancelamento) keys.push(`fail:${o.Id}:${t.FalhaCancelamento}`);
  if (t.Negociacao?.Situacao === 'aberta') keys.push(`dispute:${t.Negociacao.Id}`);
  return keys;
}

function useIfoodChimes(orders: Iterable<{ order: Order }>, monitoring: boolean) {
  const heard = useRef<Set<string> | null>(null);
  const list = [...orders].map((e) => e.order);
  const signature = list.map((o) => `${o.Id}:${o.Versao}`).join(',');

  // Events: each key chimes once (what was already there when the board opened does not).
  useEffect(() => {
    const keys = list.flatMap(chimeKeys);
    if (!heard.current) {
      heard.current = new Set(keys);
      return;
    }
    let ring = false;
    for (const k of keys) {
      if (heard.current.has(k)) continue;
      heard.current.add(k);
      ring = true;
    }
    if (ring && monitoring) chime.play();
  }, [signature, monitoring]);

  // Scheduled orders: a chime when preparation should start (not when they arrived).
  const starts = list
    .filter((o) => o.Ifood?.Agendado && o.Ifood.InicioPreparo && (o.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Pendente || o.WorkflowInstance.CurrenteState.Id === ORDER_STATE.Aceito))
    .map((o) => Date.parse(o.Ifood!.InicioPreparo!))
    .filter((t) => t > Date.now() && t - Date.now() < MAX_TIMER_MS)
    .sort((a, b) => a - b)
    .join(',');
  useEffect(() => {
    if (!monitoring || !starts) return;
    const timers = starts.split(',').map((s) => setTimeout(() => chime.play(), Number(s) - Date.now()));
    return () => timers.forEach(clearTimeout);
  }, [starts, monitoring]);
}
