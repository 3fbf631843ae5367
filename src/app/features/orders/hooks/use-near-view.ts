/**
 * Lazy cards: a column of 100 orders mounts 100 light card shells (code, state, timer, client,
 * items) and fills in a card's badges and buttons only when it comes near the column's visible
 * part (and keeps them). One IntersectionObserver per column, the column as its root, so cards
 * scrolled away inside the column are not drawn in full until they come near.
 */
import { createContext, useContext, useEffect, useState, type RefObject } from 'react';

/** How far outside the column's visible part a card is already drawn in full. */
const MARGIN = '800px 0px';

export class NearViewObserver {
  private io: IntersectionObserver | null = null;
  private callbacks = new Map<Element, () => void>();

  /** `root` is read when the first card asks (after the column mounted). */
  constructor(private readonly root: () => Element | null) {}

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
    this.callbacks.set(el, cb);
    this.ensure().observe(el);
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
