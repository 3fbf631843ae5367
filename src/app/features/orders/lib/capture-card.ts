/**
 * Order-card capture for print jobs (spec 000 §3 "Print job" imageBase64, §9 "width 400, scale 3").
 * Renders the order's print ticket (the same component as /print/{pedidoId}) off-screen at 400 px,
 * captures it with html-to-image and returns the PNG's base64 without the data-URL prefix: the
 * server copies `imageBase64` as-is into the job sent to the local print server.
 *
 * html-to-image and the ticket are loaded with import() on the first capture, so neither enters
 * the sign-in bundle nor the board's first load.
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Order } from '../../../../shared/contract/orders';
import { PRINT_CAPTURE } from '../../../../shared/orders';

/** The options given to html-to-image's toPng. */
export const CAPTURE_OPTIONS = {
  pixelRatio: PRINT_CAPTURE.scale,
  width: PRINT_CAPTURE.width,
  backgroundColor: '#fff',
} as const;

/** A capture that has not finished by then is a failure (a stuck image must not hang the resend). */
export const CAPTURE_TIMEOUT_MS = 15_000;

/** "data:image/png;base64,AAAA" → "AAAA"; anything else (an empty canvas gives "data:,") throws. */
export function stripDataUrlPrefix(dataUrl: string): string {
  const m = /^data:image\/[a-z+.-]+;base64,/i.exec(dataUrl);
  const base64 = m ? dataUrl.slice(m[0].length) : '';
  if (!base64) throw new Error('Captura do pedido vazia.');
  return base64;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('Captura do pedido demorou demais.')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** The order's print ticket as a PNG (base64, no prefix), 400 px wide at pixel ratio 3. */
export async function captureOrderCard(order: Order): Promise<string> {
  const [{ toPng }, { PrintTicket }] = await Promise.all([import('html-to-image'), import('../components/print-page')]);

  // The outer box only moves the ticket out of view; the captured node (inner) keeps a normal
  // position, since html-to-image copies the captured node's own computed style into the image.
  const outer = document.createElement('div');
  outer.setAttribute('aria-hidden', 'true');
  Object.assign(outer.style, { position: 'fixed', left: '-10000px', top: '0', width: `${PRINT_CAPTURE.width}px`, pointerEvents: 'none', zIndex: '-1' });
  const inner = document.createElement('div');
  Object.assign(inner.style, { width: `${PRINT_CAPTURE.width}px`, background: '#fff' });
  inner.dataset.testid = 'print-capture';
  outer.appendChild(inner);
  document.body.appendChild(outer);

  const root = createRoot(inner);
  try {
    flushSync(() => {
      root.render(createElement(PrintTicket, { order, style: { width: '100%', maxWidth: 'none', margin: 0 } }));
    });
    await document.fonts?.ready;
    const dataUrl = await withTimeout(toPng(inner, CAPTURE_OPTIONS), CAPTURE_TIMEOUT_MS);
    return stripDataUrlPrefix(dataUrl);
  } finally {
    root.unmount();
    outer.remove();
  }
}
