import { useEffect, useState } from 'react';
import { getSession, onSessionChange, type Session } from '../../../lib/session';

/** The session, kept current when the person switches place in the top bar. */
export function useSession(): Session | null {
  const [s, setS] = useState(getSession);
  useEffect(() => onSessionChange(setS), []);
  return s;
}

/** The page's title in the browser tab. */
export function useTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Balcão`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
