/**
 * Lazy cards: a column of 100 orders mounts 100 light card shells (code, state, timer, client,
 * items) and fills in a card's badges and buttons only when it comes near the column's visible
 * part (and keeps them). One IntersectionObserver per column, the column as its root, so cards
 * scrolled away inside the column are not drawn in full until they come near. Once the board has
 * painted, the remaining shells are filled in the background, a few per idle slice, so a moment
 * later every card is complete (find in page, screen readers, a card reached by script).
 */
import { createContext, useContext, useEffect, useState, type RefObject } from 'react';

/** How far outside the column's visible part a card is already drawn in full. */
const MARGIN = '800px 0px';
/** Background filling: wait after the first paint, then this many cards per idle slice. */
const FILL_DELAY_MS = 400;
const FILL_BATCH = 8;

const idle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? void requestIdleCallback(fn, { timeout: 300 }) : void setTimeout(fn, 16);

export class NearViewObserver {
  private io: IntersectionObserver | null = null;
  private callbacks = new Map<Element, () => void>();

  private filling = false;
  private stopped = false;

  /** `root` is read when the first card asks (after the column mounted). */
  constructor(private readonly root: () => Element | null) {}

  /** Fills the shells still waiting, a few per idle slice, starting a moment after the paint. */
  private scheduleFill() {
    if (this.filling) return;
    this.filling = true;
    const slice = () => {
      if (this.stopped) return;
      let n = 0;
      for (const [el, cb] of this.callbacks) {
        this.unobserve(el);
        cb();
        if (++n >= FILL_BATCH) break;
      }
      if (this.callbacks.size) idle(slice);
      else this.filling = false;
    };
    setTimeout(() => idle(slice), FILL_DELAY_MS);
  }

  private ensure(): IntersectionObserver {
    return (this.io ??= new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          if (!e.isIntersecting) continue;
          const cb = this.callbacks.get(e.target);
          this.unobserve(e.target);
          cb?.();
        }
      },
      { root: this.root(), rootMargin: MARGIN },
    ));
  }

  observe(el: Element, cb: () => void): () => void {
    this.stopped = false;
    this.callbacks.set(el, cb);
    this.ensure().observe(el);
    this.scheduleFill();
    return () => this.unobserve(el);
  }

  private unobserve(el: Element) {
    this.callbacks.delete(el);
    this.io?.unobserve(el);
  }

  disconnect() {
    this.io?.disconnect();
    this.io = null;
    this.callbacks.clear();
    this.stopped = true;
    this.filling = false;
  }
}

export const NearViewContext = createContext<NearViewObserver | null>(null);

export const canObserve = () => typeof IntersectionObserver !== 'undefined';

/** True once the element has come near its column's view (always true without an observer). */
export function useNearView(ref: RefObject<Element | null>, force = false): boolean {
  const observer = useContext(NearViewContext);
  const [near, setNear] = useState(() => force || !observer);
  useEffect(() => {
    if (near || force || !observer || !ref.current) return;
    return observer.observe(ref.current, () => setNear(true));
  }, [near, force, observer, ref]);
  return near || force;
}
