import { useEffect, useState } from 'react';
import { getSession, onSessionChange, type CurrentPlace } from '../../../lib/session';

/** The current place; follows the place selector (the session changes when another place is chosen). */
export function useCurrentPlace(): CurrentPlace | null {
  const [place, setPlace] = useState(() => getSession()?.currentLocation ?? null);
  useEffect(() => onSessionChange((s) => setPlace(s?.currentLocation ?? null)), []);
  return place;
}
