/**
 * "Impressora USB deste tablet" in the board's menu (issue 39): the kitchen connects the receipt
 * printer plugged into this tablet (Web Serial; the browser asks which one), prints a test page and
 * can disconnect it. Tickets of the stations whose printer is "USB no tablet do painel" are then
 * written here (lib/usb-printer.ts). Without Web Serial (Safari, Firefox) it says so.
 */
import { useEffect, useState } from 'react';
import { PRINTER_MSG } from '../../../../shared/printers';
import { encodeTestTicket } from '../../../../shared/printers-ticket';
import { connectUsbPrinter, disconnectUsbPrinter, usbPrinterReady, usbPrinterSupported, writeToUsbPrinter } from '../../../lib/usb-printer';
import classes from './board-menu.module.css';

export function UsbPrinterTool() {
  const supported = usbPrinterSupported();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (supported) void usbPrinterReady().then((r) => live && setReady(r));
    return () => {
      live = false;
    };
  }, [supported]);
  /** A menu button whose work disables the tools until it ends. */
  const tool = (label: string, work: () => Promise<void>) => (
    <button
      type="button"
      className={classes.tool}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void work().finally(() => setBusy(false));
      }}
    >
      {label}
    </button>
  );
  return (
    <section className={classes.group} aria-labelledby="usb-printer-title" data-testid="usb-printer">
      <span className={classes.groupLabel} id="usb-printer-title">
        {PRINTER_MSG.usbTitle}
      </span>
      {!supported ? (
        <p className={classes.note}>{PRINTER_MSG.usbUnsupported}</p>
      ) : (
        <>
          <p className={classes.note} role="status" data-testid="usb-printer-status">
            {note ?? (ready ? PRINTER_MSG.usbConnected : PRINTER_MSG.usbNone)}
          </p>
          <div className={classes.tools}>
            {ready ? (
              <>
                {tool(PRINTER_MSG.usbTest, async () => {
                  const ok = await writeToUsbPrinter(encodeTestTicket(PRINTER_MSG.usbTestText));
                  setNote(ok ? PRINTER_MSG.usbConnected : PRINTER_MSG.usbWriteFailed(PRINTER_MSG.usbTest));
                })}
                {tool(PRINTER_MSG.usbDisconnect, async () => {
                  await disconnectUsbPrinter();
                  setNote(null);
                  setReady(false);
                })}
              </>
            ) : (
              tool(PRINTER_MSG.usbConnect, async () => {
                const ok = await connectUsbPrinter();
                setNote(ok ? null : PRINTER_MSG.usbPickCancelled);
                setReady(ok);
              })
            )}
          </div>
        </>
      )}
    </section>
  );
}
