/**
 * The acquirer that takes donations (links, Pix, cards). The embedded default is the labelled
 * sandbox (sandbox.ts); a real provider is DONATION_ACQUIRER_URL + DONATION_ACQUIRER_TOKEN, spoken
 * to over a small JSON API: POST {url}/links, POST {url}/pix, POST {url}/card.
 */
import { createSandboxAcquirer } from './sandbox';

export interface PixRequest {
  amountCents: number;
  txid: string;
  merchantName: string;
  merchantCity: string;
  pixKey: string;
  description: string;
}

export interface CardRequest {
  amountCents: number;
  number: string;
  holder: string;
  expiry: string;
  cvv: string;
  description: string;
}

export interface Acquirer {
  /** Shown on the donor's page ("sandbox" for the embedded one). */
  name: string;
  /** Whether a pending Pix may be confirmed by hand (the sandbox's "simular pagamento"). */
  canSimulate: boolean;
  createLink(input: { amountCents: number; description: string }): Promise<{ gatewayLinkId: string }>;
  createPix(input: PixRequest): Promise<{ acquirerId: string; brCode: string }>;
  chargeCard(input: CardRequest): Promise<{ acquirerId: string; approved: boolean }>;
}

export function createHttpAcquirer(baseUrl: string, token: string | undefined, timeoutMs = 10_000): Acquirer {
  const base = baseUrl.replace(/\/$/, '');
  async function post<T>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`acquirer answered ${res.status}`);
    return (await res.json()) as T;
  }
  return {
    name: new URL(base).host,
    canSimulate: false,
    createLink: (input) => post('/links', input),
    createPix: (input) => post('/pix', input),
    // The card number never reaches our logs or database: only the acquirer sees it.
    chargeCard: (input) => post('/card', input),
  };
}

export function createAcquirer(env: Record<string, string | undefined>): Acquirer {
  const url = env.DONATION_ACQUIRER_URL?.trim();
  return url ? createHttpAcquirer(url, env.DONATION_ACQUIRER_TOKEN) : createSandboxAcquirer();
}
