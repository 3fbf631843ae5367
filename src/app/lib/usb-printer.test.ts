// @vitest-environment jsdom
/**
 * This tablet's USB printer through a fake Web Serial API (the shape of navigator.serial): a port is
 * picked once and remembered, the bytes reach the port as given, a failed write or no port is false
 * (never a silent success), and disconnecting forgets it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Mod = typeof import('./usb-printer');

function fakeSerial(opts: { failWrite?: boolean; cancel?: boolean } = {}) {
  const writes: Uint8Array[] = [];
  const granted: unknown[] = [];
  const port = {
    opened: 0,
    closed: 0,
    async open(o: { baudRate: number }) {
      expect(o.baudRate).toBe(9600);
      if (this.opened++ > 0) throw Object.assign(new Error('already open'), { name: 'InvalidStateError' });
    },
    async close() {
      this.closed++;
    },
    async forget() {
      granted.length = 0;
    },
    writable: new WritableStream<Uint8Array>({
      write(chunk) {
        if (opts.failWrite) throw new Error('device lost');
        writes.push(chunk);
      },
    }),
  };
  const serial = {
    async requestPort() {
      if (opts.cancel) throw new DOMException('No port selected by the user.', 'NotFoundError');
      granted.push(port);
      return port;
    },
    async getPorts() {
      return [...granted];
    },
    addEventListener: vi.fn(),
  };
  Object.defineProperty(navigator, 'serial', { configurable: true, value: serial });
  return { writes, port, granted };
}

async function fresh(): Promise<Mod> {
  vi.resetModules();
  return import('./usb-printer');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  delete (navigator as unknown as { serial?: unknown }).serial;
});

describe('USB printer (Web Serial)', () => {
  it('is not offered where the browser has no Web Serial', async () => {
    const m = await fresh();
    expect(m.usbPrinterSupported()).toBe(false);
    expect(m.usbPrinterChosen()).toBe(false);
    expect(await m.writeToUsbPrinter(new Uint8Array([0x1b, 0x40]))).toBe(false);
  });

  it('picked once, the port receives the bytes as given; after a reload the browser’s remembered port is used', async () => {
    const fake = fakeSerial();
    let m = await fresh();
    expect(m.usbPrinterChosen()).toBe(false);
    expect(await m.writeToUsbPrinter(new Uint8Array([1]))).toBe(false);
    expect(await m.connectUsbPrinter()).toBe(true);
    expect(m.usbPrinterChosen()).toBe(true);
    expect(await m.writeToUsbPrinter(new Uint8Array([0x1b, 0x40, 0x41]))).toBe(true);
    expect(fake.writes.map((w) => [...w])).toEqual([[0x1b, 0x40, 0x41]]);
    // A reload: the module starts empty, the browser remembers the port (already open: still used).
    m = await fresh();
    expect(await m.usbPrinterReady()).toBe(true);
    expect(await m.writeToUsbPrinter(m.bytesOfBase64(btoa('\x1b@OK')))).toBe(true);
    expect(fake.writes.map((w) => String.fromCharCode(...w))).toEqual(['\x1b@A', '\x1b@OK']);
  });

  it('a cancelled choice chooses nothing; a failed write is false; disconnecting forgets the port', async () => {
    fakeSerial({ cancel: true });
    let m = await fresh();
    expect(await m.connectUsbPrinter()).toBe(false);
    expect(m.usbPrinterChosen()).toBe(false);

    const fake = fakeSerial({ failWrite: true });
    m = await fresh();
    expect(await m.connectUsbPrinter()).toBe(true);
    expect(await m.writeToUsbPrinter(new Uint8Array([1, 2]))).toBe(false);
    await m.disconnectUsbPrinter();
    expect(m.usbPrinterChosen()).toBe(false);
    expect(fake.granted).toHaveLength(0);
    expect(await m.usbPrinterReady()).toBe(false);
  });
});
