/** A small JSON client for a real provider: base URL + bearer token from the environment. */
import { ProviderError, ProviderUnavailableError } from './types';

export interface ProviderConfig {
  baseUrl: string;
  token: string;
  /** How long a call may take before it counts as unanswered (`{PREFIX}_TIMEOUT_MS`, default 30 s). */
  timeoutMs: number;
}

export interface CallOptions {
  /** The stable key the provider dedupes on (the effect's own id): sent as `Idempotency-Key`. */
  idempotencyKey?: string;
}

export async function callProvider<T>(cfg: ProviderConfig, method: 'GET' | 'POST', path: string, body?: unknown, opts: CallOptions = {}): Promise<T> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${cfg.baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`, {
      method,
      headers: {
        authorization: `Bearer ${cfg.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const unanswered = new ProviderUnavailableError('O provedor não respondeu a tempo.');
    unanswered.cause = err;
    throw unanswered;
  }
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    if (res.ok) throw new ProviderUnavailableError(`HTTP ${res.status}`, res.status);
  }
  if (!res.ok) {
    const message = data && typeof data === 'object' && 'Message' in data ? String((data as { Message: unknown }).Message) : `HTTP ${res.status}`;
    if (res.status >= 500 || res.status === 429 || res.status === 408) throw new ProviderUnavailableError(message, res.status);
    throw new ProviderError(message, res.status, data);
  }
  return data as T;
}

export function providerConfig(env: Record<string, string | undefined>, prefix: string): ProviderConfig | null {
  const baseUrl = env[`${prefix}_API_URL`];
  const token = env[`${prefix}_API_TOKEN`];
  const timeoutMs = Number(env[`${prefix}_TIMEOUT_MS`]) || 30_000;
  return baseUrl && token ? { baseUrl, token, timeoutMs } : null;
}
