/**
 * The app's one chime (howler): the board's new-order sound and the waiter's ready-order call. It
 * is unlocked by a user gesture (the board's start-monitoring dialog, the waiter's "Ativar som" or
 * first touch), resumed when the device wakes, with autoSuspend off so a quiet room does not put
 * the audio context to sleep between calls. It says when the browser blocks audio ("som
 * desativado") and exposes window.__balcaoAudio for end-to-end tests. howler itself is loaded on
 * the first unlock or chime, not with the screen's first paint.
 */
import type { Howl } from 'howler';
import { useSyncExternalStore } from 'react';

type HowlerLib = typeof import('howler');
let loading: Promise<HowlerLib> | null = null;
const loadHowler = (): Promise<HowlerLib> =>
  (loading ??= import('howler').then((m) => ((m as Partial<HowlerLib>).Howl ? m : (m as unknown as { default: HowlerLib }).default)));

export interface AudioProbe {
  /** Chimes that actually started playing. */
  played: number;
  lastPlayedAt: number | null;
  /** Chimes asked for (played or not). */
  requested: number;
  blocked: boolean;
}

declare global {
  interface Window {
    __balcaoAudio?: AudioProbe;
    /** After a reload with monitoring remembered: whether the sound came back without a tap (for end-to-end tests). */
    __balcaoSoundResumed?: 'ok' | 'blocked';
  }
}

const CHIME_SRC = '/sounds/chime.wav';
/** How long a refused AudioContext.resume() is given before the audio counts as blocked. */
const RESUME_WAIT_MS = 600;

class ChimePlayer {
  private howl: Howl | null = null;
  private lib: HowlerLib | null = null;
  private listeners = new Set<() => void>();
  private blocked = false;
  readonly probe: AudioProbe = { played: 0, lastPlayedAt: null, requested: 0, blocked: false };

  constructor() {
    if (typeof window !== 'undefined') window.__balcaoAudio = this.probe;
  }

  private async ensure(): Promise<{ howl: Howl; Howler: HowlerLib['Howler'] }> {
    const lib = (this.lib ??= await loadHowler());
    const { Howl, Howler } = lib;
    if (!this.howl) {
      Howler.autoSuspend = false;
      this.howl = new Howl({
        src: [CHIME_SRC],
        preload: true,
        volume: 1,
        onplay: () => {
          this.probe.played += 1;
          this.probe.lastPlayedAt = Date.now();
          this.setBlocked(false);
        },
        onplayerror: () => {
          this.setBlocked(true);
          // Howler retries once audio is unlocked by the next touch or click.
          this.howl?.once('unlock', () => this.setBlocked(false));
        },
        onloaderror: () => this.setBlocked(true),
      });
    }
    return { howl: this.howl, Howler };
  }

  private setBlocked(b: boolean) {
    if (this.blocked === b) return;
    this.blocked = b;
    this.probe.blocked = b;
    this.listeners.forEach((l) => l());
  }

  /** Wakes the audio context with `resume` unless it runs already; says (and reports) whether it plays. */
  private async wake(resume: (ctx: AudioContext) => Promise<unknown>): Promise<boolean> {
    const { Howler } = await this.ensure();
    if (Howler.noAudio) {
      this.setBlocked(true);
      return false;
    }
    const ctx = Howler.ctx;
    if (ctx && ctx.state !== 'running') await resume(ctx);
    const ok = !ctx || ctx.state === 'running';
    this.setBlocked(!ok);
    return ok;
  }

  /** Call inside a user gesture (the Iniciar or Testar som click). Resolves false when audio stays blocked. */
  unlock(): Promise<boolean> {
    return this.wake((ctx) => ctx.resume().catch(() => undefined));
  }

  /**
   * A reloaded tablet whose monitoring was started before: turns the audio on without a gesture,
   * where the browser allows it (an installed app, a kiosk policy). Resolves false, and says
   * "blocked", when the browser keeps it off until someone taps.
   */
  async resumeWithoutGesture(): Promise<boolean> {
    // Refused, resume() may never settle: give it a moment, then read the state.
    const ok = await this.wake((ctx) => Promise.race([ctx.resume().catch(() => undefined), new Promise((r) => setTimeout(r, RESUME_WAIT_MS))]));
    if (typeof window !== 'undefined') window.__balcaoSoundResumed = ok ? 'ok' : 'blocked';
    return ok;
  }

  /** Loads howler and the sound now, so the next touch anywhere unlocks audio (howler's autoUnlock). */
  prepare(): void {
    void this.ensure();
  }

  /** Plays the chime once. */
  play(): void {
    this.probe.requested += 1;
    void this.ensure().then(({ howl, Howler }) => this.playNow(howl, Howler));
  }

  private playNow(howl: Howl, Howler: HowlerLib['Howler']): void {
    const ctx = Howler.ctx;
    if (Howler.noAudio) {
      this.setBlocked(true);
      return;
    }
    if (ctx && ctx.state === 'suspended') {
      // The tablet slept or the page lost the gesture: try to wake the audio; if it cannot, say so
      // (a refused resume() may never settle, so the state is read again after a moment too).
      void ctx.resume().then(
        () => this.setBlocked(ctx.state !== 'running'),
        () => this.setBlocked(true),
      );
      setTimeout(() => {
        if (ctx.state !== 'running') this.setBlocked(true);
      }, RESUME_WAIT_MS);
    }
    howl.play();
  }

  /** Brings audio back after the tablet wakes (visibility). */
  resume(): void {
    const ctx = this.lib?.Howler.ctx;
    if (ctx && ctx.state !== 'running') {
      void ctx.resume().then(
        () => this.setBlocked(ctx.state !== 'running'),
        () => this.setBlocked(true),
      );
    }
  }

  isBlocked = () => this.blocked;
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

export const chime = new ChimePlayer();

/** True while the browser blocks the board's audio. */
export function useAudioBlocked(): boolean {
  return useSyncExternalStore(chime.subscribe, chime.isBlocked);
}
