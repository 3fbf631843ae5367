/** A small JSON client for a real provider: base URL + bearer token from the environment. */
export interface ProviderConfig {
  baseUrl: string;
  token: string;
}

export class ProviderError extends Error {}

export async function callProvider<T>(cfg: ProviderConfig, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${cfg.baseUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`, {
    method,
    headers: { authorization: `Bearer ${cfg.token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : null;
  if (!res.ok) {
    const message = data && typeof data === 'object' && 'Message' in data ? String((data as { Message: unknown }).Message) : `HTTP ${res.status}`;
    throw new ProviderError(message);
  }
  return data as T;
}

export function providerConfig(env: Record<string, string | undefined>, prefix: string): ProviderConfig | null {
  const baseUrl = env[`${prefix}_API_URL`];
  const token = env[`${prefix}_API_TOKEN`];
  return baseUrl && token ? { baseUrl, token } : null;
}
