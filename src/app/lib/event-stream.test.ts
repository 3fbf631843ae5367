import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const tickets: string[] = [];
vi.mock('./api-client', () => ({
  api: vi.fn(async () => {
    const ticket = `t${tickets.length + 1}`;
    tickets.push(ticket);
    return { ticket, expiresIn: 60 };
  }),
  apiUrl: (path: string, query: Record<string, string | undefined>) =>
    `${path}?${new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)).toString()}`,
}));
vi.mock('./session', () => ({ getSession: () => ({ token: 'bearer' }) }));

const { reconnectDelay, subscribeVenueEvents } = await import('./event-stream');

/** Just enough of EventSource: listeners by type, onopen/onerror, close. */
class FakeEventSource {
  static CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, Array<(ev: MessageEvent) => void>>();
  constructor(public url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (ev: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  emit(type: string, data: string, lastEventId = '') {
    for (const fn of this.listeners.get(type) ?? []) fn({ type, data, lastEventId } as MessageEvent);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('reconnectDelay', () => {
  it('grows exponentially up to 30 s and spreads boards over the upper half of each step', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 0)).toBe(4000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });

  it('two boards failing together do not come back together', () => {
    const seen = new Set(Array.from({ length: 50 }, (_, i) => reconnectDelay(2, () => i / 50)));
    expect(seen.size).toBe(50);
  });
});

describe('subscribeVenueEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.all = [];
    tickets.length = 0;
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('window', new EventTarget());
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens with a ticket, hands over its events, and after a drop opens again with a new ticket from the last event id', async () => {
    const seen: Array<[string, unknown]> = [];
    const calls: string[] = [];
    const stop = subscribeVenueEvents('venue-1', {
      types: ['paymentLink.payment'],
      onEvent: (type, data) => seen.push([type, data]),
      onOpen: ({ gap }) => calls.push(`open:${gap}`),
      onReady: () => calls.push('ready'),
      onDown: () => calls.push('down'),
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = FakeEventSource.all[0];
    expect(first.url).toBe('/api/kds/events?localClienteId=venue-1&ticket=t1');
    first.onopen!();
    first.emit('ready', '{"lastEventId":"4"}', '4');
    first.emit('paymentLink.payment', '{"LinkId":"l1"}', '7');
    first.emit('order.created', '{"PedidoId":"o1"}', '8');
    expect(seen).toEqual([['paymentLink.payment', { LinkId: 'l1' }]]);

    first.onerror!();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(calls).toEqual(['open:false', 'ready', 'down']);
    // The spent ticket is never reused: a new one after the jittered delay (at most 1 s the first time).
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeEventSource.all).toHaveLength(2);
    expect(FakeEventSource.all[1].url).toBe('/api/kds/events?localClienteId=venue-1&ticket=t2&lastEventId=7');

    stop();
    expect(FakeEventSource.all[1].readyState).toBe(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.all).toHaveLength(2);
  });
});
