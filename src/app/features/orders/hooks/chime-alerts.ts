/**
 * Which new orders are calling for attention. A new order with its Signal flag chimes once when it
 * arrives and, when the venue repeats the chime, again every few seconds until someone opens or
 * accepts it (or it leaves Pendente on another tablet). One chime per period however many orders wait.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { chime } from '../../../lib/chime';

export class ChimeAlerts {
  private ringing = new Set<string>();
  /** Orders that already chimed once: a refetch or a second event does not chime again. */
  private announced = new Set<string>();
  /** Orders someone opened or that left Pendente: a reminder does not call them again. */
  private acknowledged = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private listeners = new Set<() => void>();
  private snapshot: ReadonlySet<string> = new Set();

  constructor(
    private readonly play: () => void = () => chime.play(),
    private repeat = true,
    private periodMs = 10_000,
  ) {}

  configure(repeat: boolean, periodMs: number): void {
    if (repeat === this.repeat && periodMs === this.periodMs) return;
    this.repeat = repeat;
    this.periodMs = periodMs;
    this.restart();
  }

  ring(orderId: string): void {
    if (this.announced.has(orderId)) return;
    this.announced.add(orderId);
    this.ringing.add(orderId);
    this.play();
    this.changed();
  }

  silence(orderId: string): void {
    this.acknowledged.add(orderId);
    if (!this.ringing.delete(orderId)) return;
    this.changed();
  }

  /**
   * Monitoring starts or resumes: every order still waiting (Pendente, never opened nor acted on
   * here) calls again, with one chime now however many there are. Returns how many call.
   */
  remind(pendingIds: Iterable<string>): number {
    let added = 0;
    for (const id of pendingIds) {
      if (this.acknowledged.has(id)) continue;
      this.announced.add(id);
      if (!this.ringing.has(id)) added++;
      this.ringing.add(id);
    }
    if (this.ringing.size) this.play();
    if (added) this.changed();
    return this.ringing.size;
  }

  /** Keeps ringing only the orders that still wait (ids still Pendente and not yet opened). */
  retain(stillWaiting: (orderId: string) => boolean): void {
    let changed = false;
    for (const id of [...this.ringing]) {
      if (!stillWaiting(id)) {
        this.ringing.delete(id);
        changed = true;
      }
    }
    if (changed) this.changed();
  }

  isRinging = (orderId: string) => this.ringing.has(orderId);
  get size() {
    return this.ringing.size;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
  getSnapshot = () => this.snapshot;

  private changed() {
    this.snapshot = new Set(this.ringing);
    this.restart();
    this.listeners.forEach((l) => l());
  }

  private restart() {
    const want = this.repeat && this.ringing.size > 0;
    if (!want) {
      this.stop();
      return;
    }
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.ringing.size && this.repeat) this.play();
    }, this.periodMs);
  }
}

/** One ChimeAlerts for the board page, configured from the venue's settings. */
export function useChimeAlerts(repeat: boolean, repeatSeconds: number): { alerts: ChimeAlerts; ringing: ReadonlySet<string> } {
  const alerts = useMemo(() => new ChimeAlerts(), []);
  useEffect(() => alerts.configure(repeat, Math.max(3, repeatSeconds) * 1000), [alerts, repeat, repeatSeconds]);
  useEffect(() => () => alerts.stop(), [alerts]);
  const ringing = useSyncExternalStore(alerts.subscribe, alerts.getSnapshot);
  return { alerts, ringing };
}
