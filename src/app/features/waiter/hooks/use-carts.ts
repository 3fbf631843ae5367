/** One cart per table, kept on the phone (local storage) so a reload or a dead battery loses nothing. */
import { useCallback, useEffect, useState } from 'react';
import { emptyCart, type Cart } from '../../../../shared/waiter';

const KEY = 'balcao.waiter.carts';

function load(): Record<string, Cart> {
  try {
    const raw = localStorage.getItem(KEY);
    const v = raw ? (JSON.parse(raw) as Record<string, Cart>) : {};
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

export function useCarts() {
  const [carts, setCarts] = useState<Record<string, Cart>>(load);
  useEffect(() => {
    try {
      localStorage.setItem(KEY, JSON.stringify(carts));
    } catch {
      /* storage full or refused: the cart still lives in memory */
    }
  }, [carts]);
  const cartOf = useCallback((tableId: string): Cart => carts[tableId] ?? emptyCart(tableId), [carts]);
  const setCart = useCallback((tableId: string, update: (c: Cart) => Cart) => {
    setCarts((all) => {
      const next = update(all[tableId] ?? emptyCart(tableId));
      const copy = { ...all };
      if (next.lines.length || next.note) copy[tableId] = next;
      else delete copy[tableId];
      return copy;
    });
  }, []);
  return { cartOf, setCart };
}
