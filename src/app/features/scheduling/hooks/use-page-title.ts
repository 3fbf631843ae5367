import { useEffect } from 'react';

/** The browser tab's title for a screen: "{title} · Balcão". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = `${title} · Balcão`;
    return () => {
      document.title = before;
    };
  }, [title]);
}
