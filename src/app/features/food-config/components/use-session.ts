import { useEffect, useState } from 'react';
import { getSession, onSessionChange, type Session } from '../../../lib/session';

/** The session, kept current when the person switches place in the top bar. */
export function useSession(): Session | null {
  const [s, setS] = useState(getSession);
  useEffect(() => onSessionChange(setS), []);
  return s;
}
