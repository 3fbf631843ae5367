/**
 * A receipt printer plugged into this tablet (USB, or Bluetooth paired as a serial port), written to
 * through the browser's Web Serial API (issue 39: printing without a command line). Chrome and Edge
 * on computers and Android have it; elsewhere the board says so and offers the print agent.
 *
 * The port is chosen once by a person (`requestPort` needs a tap) and the browser remembers the
 * permission: later visits find it with `getPorts()`. This tablet's choice is kept in localStorage so
 * the board knows to ask for the USB stations' tickets after accepting an order. Bytes are ESC/POS as
 * the server built them for that printer's paper and code page (src/shared/printers-ticket.ts).
 *
 * We write to the port ourselves rather than through @point-of-sale/webserial-receipt-printer: that
 * library logs and swallows write errors, so a resolved print could not be told from a lost one.
 * A write resolves once the browser has handed the bytes to the port; a cable pulled out rejects it
 * (or the port is gone from getPorts), and the board then says the ticket was not printed.
 */

/** The subset of the Web Serial API used here (lib.dom has no types for it yet). */
export interface SerialPortLike {
  open(options: { baudRate: number }): Promise<void>;
  close(): Promise<void>;
  readonly writable: WritableStream<Uint8Array> | null;
  getInfo?(): { usbVendorId?: number; usbProductId?: number };
  forget?(): Promise<void>;
}
interface SerialLike {
  requestPort(options?: { filters?: unknown[] }): Promise<SerialPortLike>;
  getPorts(): Promise<SerialPortLike[]>;
  addEventListener?(type: 'disconnect', listener: (e: Event) => void): void;
}

/** Serial thermal printers (and USB CDC ones, which ignore it) speak 9600 baud by default. */
export const USB_PRINTER_BAUD_RATE = 9600;
const CHOSEN_KEY = 'balcao.impressoraUsb';

let port: SerialPortLike | null = null;
let listening = false;

function serial(): SerialLike | null {
  return typeof navigator !== 'undefined' && 'serial' in navigator ? ((navigator as unknown as { serial: SerialLike }).serial ?? null) : null;
}

export const usbPrinterSupported = (): boolean => serial() !== null;

/** This tablet chose a USB printer (the board then asks for the USB stations' tickets). */
export function usbPrinterChosen(): boolean {
  try {
    return usbPrinterSupported() && localStorage.getItem(CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
}

function watchDisconnect(s: SerialLike) {
  if (listening || !s.addEventListener) return;
  listening = true;
  s.addEventListener('disconnect', (e) => {
    if ((e.target as unknown) === port) port = null;
  });
}

async function openPort(p: SerialPortLike): Promise<SerialPortLike> {
  try {
    await p.open({ baudRate: USB_PRINTER_BAUD_RATE });
  } catch (err) {
    // Already open (this page opened it before): usable as it is.
    if ((err as { name?: string }).name !== 'InvalidStateError') throw err;
  }
  return p;
}

/** Asks the person to pick the printer (needs a tap) and opens it. False when they cancelled. */
export async function connectUsbPrinter(): Promise<boolean> {
  const s = serial();
  if (!s) return false;
  let picked: SerialPortLike;
  try {
    picked = await s.requestPort();
  } catch {
    return false;
  }
  port = await openPort(picked);
  watchDisconnect(s);
  localStorage.setItem(CHOSEN_KEY, '1');
  return true;
}

/** The chosen printer, opened: the one opened here, else the one the browser remembers. */
async function currentPort(): Promise<SerialPortLike | null> {
  if (port) return port;
  const s = serial();
  if (!s || !usbPrinterChosen()) return null;
  const [remembered] = await s.getPorts();
  if (!remembered) return null;
  try {
    port = await openPort(remembered);
  } catch {
    return null;
  }
  watchDisconnect(s);
  return port;
}

/** Whether a printer is chosen and still granted (it may be unplugged: only a write tells). */
export async function usbPrinterReady(): Promise<boolean> {
  const s = serial();
  if (!s || !usbPrinterChosen()) return false;
  return port !== null || (await s.getPorts()).length > 0;
}

/** Writes the bytes to the printer. False when none is chosen here or the write failed. */
export async function writeToUsbPrinter(bytes: Uint8Array): Promise<boolean> {
  const p = await currentPort();
  if (!p?.writable) return false;
  let writer: WritableStreamDefaultWriter<Uint8Array>;
  try {
    writer = p.writable.getWriter();
  } catch {
    return false;
  }
  try {
    await writer.write(bytes);
    return true;
  } catch {
    port = null;
    return false;
  } finally {
    writer.releaseLock();
  }
}

/** Forgets this tablet's printer (closes the port and drops the browser's permission where it can). */
export async function disconnectUsbPrinter(): Promise<void> {
  localStorage.removeItem(CHOSEN_KEY);
  const p = port ?? (await serial()?.getPorts())?.[0] ?? null;
  port = null;
  await p?.close().catch(() => {});
  await p?.forget?.().catch(() => {});
}

/** base64 (the server's escPosBase64) to bytes. */
export function bytesOfBase64(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
