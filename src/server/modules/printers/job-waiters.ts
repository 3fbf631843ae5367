/**
 * Wakes the agents' long polls when their place gets jobs: the enqueueing transaction NOTIFYs
 * (delivered on commit, to every API process); each process wakes the polls it holds. A poll also
 * re-checks every couple of seconds, for retries whose time came and in case a notice was missed.
 */
export class JobWaiters {
  private waiting = new Map<string, Set<() => void>>();
  closing = false;

  wake(venueId: string) {
    const set = this.waiting.get(venueId);
    if (!set) return;
    this.waiting.delete(venueId);
    for (const fn of set) fn();
  }

  wait(venueId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiting.get(venueId) ?? new Set();
      this.waiting.set(venueId, set);
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
      set.add(done);
    });
  }

  close() {
    this.closing = true;
    for (const id of [...this.waiting.keys()]) this.wake(id);
  }
}
