/** Hooks every screen uses: the live session, the current place and the browser tab's title. */
import { useEffect, useState } from 'react';
import { APP_NAME } from '../../shared/page-titles';
import { getSession, onSessionChange, type CurrentPlace, type Session } from './session';

/** The session, kept current when the person switches place in the top bar. */
export function useSession(): Session | null {
  const [s, setS] = useState(getSession);
  useEffect(() => onSessionChange(setS), []);
  return s;
}

/** The current place; follows the place selector (the session changes when another place is chosen). */
export function useCurrentPlace(): CurrentPlace | null {
  const [place, setPlace] = useState(() => getSession()?.currentLocation ?? null);
  useEffect(() => onSessionChange((s) => setPlace(s?.currentLocation ?? null)), []);
  return place;
}

/** The current place's id ('' when none is chosen). */
export function useLocalId(): string {
  return useSession()?.currentLocation?.localId ?? '';
}

/** The browser tab's title for a screen: "{title} · Balcão"; the previous title comes back on leaving. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
