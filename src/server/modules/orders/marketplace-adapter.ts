/**
 * The marketplace's order API behind an adapter (polling with acknowledgement, as marketplace order
 * APIs work): `poll` returns the orders placed for a store and not yet acknowledged (the same order
 * may come again until acknowledged); `acknowledge` tells the marketplace they were taken.
 *
 * Embedded default: the sandbox (sandbox.ts-like, in marketplace-sandbox.ts), labelled "sandbox".
 * A real provider: MARKETPLACE_BASE_URL + MARKETPLACE_TOKEN (marketplace-http.ts).
 */
export interface MarketplaceOrder {
  /** The marketplace's own order id: the key that makes each order land once. */
  id: string;
  /** The code the marketplace shows (CodigoExterno on the board). */
  displayId: string;
  customer: { name: string; phone: string; address: { street: string; number: string; district: string; city: string; state: string; postalCode: string } };
  items: Array<{ name: string; quantity: number; unitPrice: number; station?: string | null }>;
  deliveryFee: number;
  note?: string | null;
}

export interface MarketplaceAdapter {
  /** "sandbox" or the provider's name; sandbox orders say so on the board. */
  readonly name: string;
  readonly sandbox: boolean;
  poll(merchantId: string): Promise<MarketplaceOrder[]>;
  acknowledge(merchantId: string, orderIds: string[]): Promise<void>;
}
