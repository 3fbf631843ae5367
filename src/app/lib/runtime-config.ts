/**
 * Runtime configuration, read once at start from /runtime-config.json: the API base URL (same origin
 * by default), the legacy and beta portals and the origins allowed to embed the portal.
 * Editing that file lets one build front another backend.
 */
import type { ApiExtension } from '../../shared/api-extensions';
import { localStore } from './local-store';
export interface RuntimeConfig {
  apiBaseUrl: string;
  legacyPortalUrl: string | null;
  betaPortalUrl: string | null;
  frameAllowedOrigins: string[];
  version: string;
  /** Calls beyond the spec's that the API server offers (src/shared/api-extensions.ts); none unless listed. */
  apiExtensions: string[];
}

const DEFAULTS: RuntimeConfig = { apiBaseUrl: '', legacyPortalUrl: null, betaPortalUrl: null, frameAllowedOrigins: [], version: '', apiExtensions: [] };
const CACHE_KEY = 'balcao.runtimeConfig';
let current: RuntimeConfig = DEFAULTS;

export function runtimeConfig(): RuntimeConfig {
  return current;
}

/** Whether the API server offers one of our calls beyond the spec's. */
export function hasApiExtension(name: ApiExtension): boolean {
  const list = runtimeConfig().apiExtensions;
  return Array.isArray(list) && list.includes(name);
}

/**
 * How long a start waits for /runtime-config.json when this device already holds a configuration.
 * On Wi-Fi that is connected but passes nothing (a kitchen's usual fault) the request neither answers
 * nor fails for minutes; the app starts with the saved configuration instead of a blank screen.
 */
export const SAVED_CONFIG_WAIT_MS = 2500;

function savedConfig(): RuntimeConfig | null {
  try {
    const raw = localStore.get(CACHE_KEY);
    return raw ? { ...DEFAULTS, ...JSON.parse(raw) } : null;
  } catch {
    return null;
  }
}

export async function loadRuntimeConfig(waitMs = SAVED_CONFIG_WAIT_MS): Promise<RuntimeConfig> {
  const fresh = fetch('/runtime-config.json', { cache: 'no-store' }).then(async (res) => {
    if (!res.ok) throw new Error(String(res.status));
    const config: RuntimeConfig = { ...DEFAULTS, ...(await res.json()) };
    // Saved even when it arrives after the start gave up waiting: the next start uses it.
    localStore.set(CACHE_KEY, JSON.stringify(config));
    return config;
  });
  const answered = fresh.catch(() => null);
  const saved = savedConfig();
  if (!saved) {
    // The first start on this device has nothing else to go on: it waits for the answer.
    current = (await answered) ?? DEFAULTS;
    return current;
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)));
  // Offline, or no answer in time: the last configuration seen keeps the app usable.
  current = (await Promise.race([answered, gaveUp])) ?? saved;
  clearTimeout(timer);
  return current;
}
