/**
 * A real marketplace's order API: GET {MARKETPLACE_BASE_URL}/orders?merchantId= → MarketplaceOrder[]
 * and POST {MARKETPLACE_BASE_URL}/orders/acknowledgment { merchantId, ids } with
 * `Authorization: Bearer {MARKETPLACE_TOKEN}`. The base URL is the operator's setting, never a user's.
 */
import type { MarketplaceAdapter, MarketplaceOrder } from './marketplace-adapter';

export class HttpMarketplace implements MarketplaceAdapter {
  readonly name: string;
  readonly sandbox = false;
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.name = new URL(baseUrl).host;
  }

  private async call(path: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`marketplace ${path}: ${res.status}`);
    return res;
  }

  async poll(merchantId: string): Promise<MarketplaceOrder[]> {
    const res = await this.call(`/orders?merchantId=${encodeURIComponent(merchantId)}`);
    return (await res.json()) as MarketplaceOrder[];
  }

  async acknowledge(merchantId: string, ids: string[]): Promise<void> {
    if (ids.length) await this.call('/orders/acknowledgment', { method: 'POST', body: JSON.stringify({ merchantId, ids }) });
  }
}
