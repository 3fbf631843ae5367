/**
 * The sandbox marketplace (embedded default): each store with the integration switched on receives
 * an order every few minutes (MARKETPLACE_SANDBOX_ORDER_MS, 3 minutes), labelled "sandbox" in the
 * customer's name and the order's note. Orders stay pending until acknowledged, so a poll that dies
 * before acknowledging sees them again (the importer deduplicates by id).
 */
import { randomUUID } from 'node:crypto';
import type { MarketplaceAdapter, MarketplaceOrder } from './marketplace-adapter';

const MENU = [
  { name: 'X-Burguer', unitPrice: 28.9, station: 'Cozinha' },
  { name: 'Batata frita', unitPrice: 16.5, station: 'Cozinha' },
  { name: 'Refrigerante lata', unitPrice: 6, station: 'Bar' },
  { name: 'Suco de laranja', unitPrice: 9, station: 'Bar' },
];

export class SandboxMarketplace implements MarketplaceAdapter {
  readonly name = 'sandbox';
  readonly sandbox = true;
  private pending = new Map<string, MarketplaceOrder[]>();
  private lastPlaced = new Map<string, number>();
  private seq = 0;

  constructor(
    private readonly everyMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Places an order for the store now (tests, and the periodic placement). */
  place(merchantId: string): MarketplaceOrder {
    this.seq += 1;
    const a = MENU[this.seq % MENU.length];
    const b = MENU[(this.seq + 2) % MENU.length];
    const order: MarketplaceOrder = {
      id: randomUUID(),
      displayId: `SBX-${String(this.seq).padStart(4, '0')}`,
      customer: {
        name: `Cliente sandbox ${this.seq}`,
        phone: '(11) 90000-0000',
        address: { street: 'Rua do Teste', number: String(100 + this.seq), district: 'Centro', city: 'São Paulo', state: 'SP', postalCode: '01001000' },
      },
      items: [
        { name: a.name, quantity: 1, unitPrice: a.unitPrice, station: a.station },
        { name: b.name, quantity: 2, unitPrice: b.unitPrice, station: b.station },
      ],
      deliveryFee: 5,
      note: 'Pedido de teste do marketplace sandbox',
    };
    const list = this.pending.get(merchantId) ?? [];
    list.push(order);
    this.pending.set(merchantId, list);
    return order;
  }

  async poll(merchantId: string): Promise<MarketplaceOrder[]> {
    const t = this.now();
    const last = this.lastPlaced.get(merchantId);
    // The first poll of a store starts its clock; then one order per period.
    if (last === undefined) this.lastPlaced.set(merchantId, t);
    else if (this.everyMs > 0 && t - last >= this.everyMs) {
      this.lastPlaced.set(merchantId, t);
      this.place(merchantId);
    }
    return [...(this.pending.get(merchantId) ?? [])];
  }

  async acknowledge(merchantId: string, orderIds: string[]): Promise<void> {
    const ids = new Set(orderIds);
    this.pending.set(merchantId, (this.pending.get(merchantId) ?? []).filter((o) => !ids.has(o.id)));
  }
}
