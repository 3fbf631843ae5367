import { useSyncExternalStore } from 'react';

const subscribe = (cb: () => void) => {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
};

/** The browser's own idea of the network; a failed request says more (see ApiError.isNetwork). */
export function useOnline(): boolean {
  // true where the browser cannot tell (no navigator, or no flag)
  return useSyncExternalStore(subscribe, () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false), () => true);
}
