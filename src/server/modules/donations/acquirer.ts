/**
 * The card acquirer that takes donations (links and cards; Pix goes through API Pix, modules/pix).
 * The embedded default is the labelled sandbox (sandbox.ts); a real provider is
 * DONATION_ACQUIRER_URL + DONATION_ACQUIRER_TOKEN, spoken to over a small JSON API of ours (no card
 * standard is common to Brazilian acquirers; a gateway speaking it sits in front of the real one):
 * POST {url}/links, POST {url}/card. In production without a provider there is none (unless
 * ALLOW_SANDBOX_PAYMENTS=true): the donor's page says card payments are not set up.
 */
import { sandboxAllowed } from '../../lib/sandboxes';
import { createSandboxAcquirer } from './sandbox';

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
  sandbox: boolean;
  createLink(input: { amountCents: number; description: string }): Promise<{ gatewayLinkId: string }>;
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
    sandbox: false,
    createLink: (input) => post('/links', input),
    // The card number never reaches our logs or database: only the acquirer sees it.
    chargeCard: (input) => post('/card', input),
  };
}

export function createAcquirer(env: Record<string, string | undefined>): Acquirer | null {
  const url = env.DONATION_ACQUIRER_URL?.trim();
  if (url) return createHttpAcquirer(url, env.DONATION_ACQUIRER_TOKEN);
  return sandboxAllowed(env, 'donations') ? createSandboxAcquirer() : null;
}
