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

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const res = await fetch('/runtime-config.json', { cache: 'no-store' });
    if (!res.ok) throw new Error(String(res.status));
    current = { ...DEFAULTS, ...(await res.json()) };
    localStore.set(CACHE_KEY, JSON.stringify(current));
  } catch {
    // Offline start: the last configuration seen keeps the app usable.
    try {
      current = { ...DEFAULTS, ...JSON.parse(localStore.get(CACHE_KEY) ?? '{}') };
    } catch {
      current = DEFAULTS;
    }
  }
  return current;
}
