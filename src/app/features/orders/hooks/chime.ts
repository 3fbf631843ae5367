/**
 * The board's audio layer (howler): the new-order chime, unlocked by the start-monitoring dialog's
 * click (the user gesture browsers require), resumed when the tablet wakes, with autoSuspend off so
 * a quiet kitchen does not put the audio context to sleep between orders. It says when the browser
 * blocks audio ("som desativado") and exposes window.__balcaoAudio for end-to-end tests.
 */
import { Howl, Howler } from 'howler';
import { useSyncExternalStore } from 'react';

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
  }
}

const CHIME_SRC = '/sounds/chime.wav';

class ChimePlayer {
  private howl: Howl | null = null;
  private listeners = new Set<() => void>();
  private blocked = false;
  readonly probe: AudioProbe = { played: 0, lastPlayedAt: null, requested: 0, blocked: false };

  private ensure(): Howl {
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
      if (typeof window !== 'undefined') window.__balcaoAudio = this.probe;
    }
    return this.howl;
  }

  private setBlocked(b: boolean) {
    if (this.blocked === b) return;
    this.blocked = b;
    this.probe.blocked = b;
    this.listeners.forEach((l) => l());
  }

  /** Call inside a user gesture (the Iniciar or Testar som click). Resolves false when audio stays blocked. */
  async unlock(): Promise<boolean> {
    this.ensure();
    if (Howler.noAudio) {
      this.setBlocked(true);
      return false;
    }
    const ctx = Howler.ctx;
    if (ctx && ctx.state !== 'running') {
      try {
        await ctx.resume();
      } catch {
        /* checked below */
      }
    }
    const ok = !ctx || ctx.state === 'running';
    this.setBlocked(!ok);
    return ok;
  }

  /** Plays the chime once. */
  play(): void {
    const howl = this.ensure();
    this.probe.requested += 1;
    const ctx = Howler.ctx;
    if (Howler.noAudio) {
      this.setBlocked(true);
      return;
    }
    if (ctx && ctx.state === 'suspended') {
      // The tablet slept or the page lost the gesture: try to wake the audio; if it cannot, say so.
      void ctx.resume().then(
        () => this.setBlocked(ctx.state !== 'running'),
        () => this.setBlocked(true),
      );
    }
    howl.play();
  }

  /** Brings audio back after the tablet wakes (visibility). */
  resume(): void {
    const ctx = Howler.ctx;
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
