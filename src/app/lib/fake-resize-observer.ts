/**
 * Tests only. jsdom lays nothing out and has no ResizeObserver: install this one
 * (`vi.stubGlobal('ResizeObserver', observers.Observer)`) and call `report()` where a browser would
 * have laid the page out; every element observed (and still in the page) is reported with the
 * height `sizeOf` gives it (its content box; no border box, as jsdom would).
 */
export function fakeResizeObservers(sizeOf: (el: Element) => number) {
  const live = new Set<FakeResizeObserver>();
  class FakeResizeObserver {
    readonly seen = new Set<Element>();
    constructor(private readonly callback: ResizeObserverCallback) {
      live.add(this);
    }
    observe(el: Element) {
      this.seen.add(el);
    }
    unobserve(el: Element) {
      this.seen.delete(el);
    }
    disconnect() {
      this.seen.clear();
      live.delete(this);
    }
    report() {
      const entries = [...this.seen].filter((el) => el.isConnected).map((target) => ({ target, contentRect: { width: 300, height: sizeOf(target) } }) as unknown as ResizeObserverEntry);
      if (entries.length) this.callback(entries, this as unknown as ResizeObserver);
    }
  }
  return {
    Observer: FakeResizeObserver,
    /** Every live observer reports what it watches. */
    report: () => {
      for (const o of [...live]) o.report();
    },
    clear: () => live.clear(),
  };
}
