/**
 * The board's card density, remembered on the device (a kitchen picks it once per screen). Compact
 * unless the device chose otherwise: the kiosk layout, tickets sized to their content.
 */
import { useCallback, useState } from 'react';
import { localStore } from '../../../lib/local-store';
import type { BoardDensity } from '../components/board';

const KEY = 'balcao.orders.density';

export function useBoardDensity(): [BoardDensity, (d: BoardDensity) => void] {
  const [density, set] = useState<BoardDensity>(() => (localStore.get(KEY) === 'comfortable' ? 'comfortable' : 'compact'));
  const choose = useCallback((d: BoardDensity) => {
    localStore.set(KEY, d);
    set(d);
  }, []);
  return [density, choose];
}
