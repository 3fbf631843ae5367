import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, SW_URL } from './sw';

/** A service worker, its registration and the page's container, as the browser exposes them. */
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  posted: unknown[] = [];
  postMessage(m: unknown) {
    this.posted.push(m);
  }
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}
class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  update(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
    // The browser's order: the registration's waiting worker is set, then the worker says "installed".
    this.installing = null;
    this.waiting = worker;
    worker.install();
  }
}
class FakeContainer extends EventTarget {
  controller: object | null = null;
  registered: Array<{ url: string; scope?: string }> = [];
  constructor(readonly reg: FakeRegistration) {
    super();
  }
  async register(url: string, opts?: { scope?: string }) {
    this.registered.push({ url, scope: opts?.scope });
    return this.reg;
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('registerServiceWorker', () => {
  beforeEach(() => vi.stubEnv('DEV', false));
  afterEach(() => vi.unstubAllEnvs());

  it('registers the generated worker and offers an update that reloads once after it takes over', async () => {
    const reg = new FakeRegistration();
    const container = new FakeContainer(reg);
    container.controller = {};
    const reload = vi.fn();
    const offers: Array<() => Promise<void>> = [];
    registerServiceWorker((apply) => offers.push(apply), container as unknown as ServiceWorkerContainer, reload);
    await flush();
    expect(container.registered).toEqual([{ url: SW_URL, scope: '/' }]);
    expect(offers).toHaveLength(0);

    const next = new FakeWorker();
    reg.update(next);
    expect(offers).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();

    await offers[0]();
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a worker left waiting by an earlier visit', async () => {
    const reg = new FakeRegistration();
    reg.waiting = new FakeWorker();
    const container = new FakeContainer(reg);
    container.controller = {};
    const onUpdate = vi.fn();
    registerServiceWorker(onUpdate, container as unknown as ServiceWorkerContainer, vi.fn());
    await flush();
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('says nothing on the first install (no page controlled yet: nothing to update)', async () => {
    const reg = new FakeRegistration();
    const container = new FakeContainer(reg);
    const onUpdate = vi.fn();
    const reload = vi.fn();
    registerServiceWorker(onUpdate, container as unknown as ServiceWorkerContainer, reload);
    await flush();
    reg.update(new FakeWorker());
    // The first worker takes the page (clientsClaim): no prompt, no reload.
    container.dispatchEvent(new Event('controllerchange'));
    expect(onUpdate).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing where the browser has no service workers', () => {
    const onUpdate = vi.fn();
    expect(() => registerServiceWorker(onUpdate, null, vi.fn())).not.toThrow();
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
