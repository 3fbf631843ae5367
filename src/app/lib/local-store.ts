/**
 * localStorage, or memory where the browser refuses it (a portal framed by another site with
 * third-party storage blocked, some private modes): the app keeps working for that tab.
 */
const memory = new Map<string, string>();

function storage(): Storage | null {
  try {
    const s = window.localStorage;
    s.getItem('balcao.probe');
    return s;
  } catch {
    return null;
  }
}

export const localStore = {
  get(key: string): string | null {
    return storage()?.getItem(key) ?? memory.get(key) ?? null;
  },
  set(key: string, value: string): void {
    const s = storage();
    if (s) s.setItem(key, value);
    else memory.set(key, value);
  },
  remove(key: string): void {
    storage()?.removeItem(key);
    memory.delete(key);
  },
  clear(): void {
    storage()?.clear();
    memory.clear();
  },
};
