/**
 * Pure rules of the board's display: header text contrast, elapsed timer, card age colour, the
 * printer badge timing rule, labels. No React, no fetching: cards and tests call these.
 */
import {
  DELIVERY_PLATFORM_NAME,
  ORDER_MSG,
  PRINTER_CLOCK_OFFSET_MS,
  PRINTER_NO_ANSWER_AFTER_MS,
  PRINTER_STATUS,
  STATES_WITHOUT_TIMER,
  CHAT_UNREAD_MAX,
} from '../../../../shared/orders';
import type { KdsDeliverySettings, Order } from '../../../../shared/contract/orders';

// ---------------------------------------------------------------------------------------------
// Colours

function parseHex(color: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** WCAG relative luminance of an sRGB colour. */
export function relativeLuminance(color: string): number | null {
  const rgb = parseHex(color);
  if (!rgb) return null;
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: number, b: number): number {
  const [hi, lo] = a > b ? [a, b] : [b, a];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour that reads best on a state's header colour (the server chooses the colours, so
 * the board computes the contrast): near-black or white, whichever contrasts more.
 */
export function readableTextOn(background: string): '#111111' | '#FFFFFF' {
  let text = textOn.get(background);
  if (!text) {
    const l = relativeLuminance(background);
    text = l !== null && contrastRatio(l, relativeLuminance('#111111')!) < contrastRatio(l, 1) ? '#FFFFFF' : '#111111';
    textOn.set(background, text);
  }
  return text;
}
/** A venue has a handful of state colours; every ticket of a state asks for the same one. */
const textOn = new Map<string, '#111111' | '#FFFFFF'>();

// ---------------------------------------------------------------------------------------------
// Timer and age

export function hasTimer(stateId: number): boolean {
  return !(STATES_WITHOUT_TIMER as readonly number[]).includes(stateId);
}

/** Whole seconds since `since` (never negative: a tablet clock a little behind the server shows 00:00:00). */
export function elapsedSeconds(since: string, nowMs: number): number {
  const t = Date.parse(since);
  if (Number.isNaN(t)) return 0;
  return Math.max(0, Math.floor((nowMs - t) / 1000));
}

/** HH:MM:SS (hours grow past 24 instead of wrapping). */
export function formatElapsed(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  return [h, m, sec].map((n) => String(n).padStart(2, '0')).join(':');
}

export type AgeLevel = 'ok' | 'warn' | 'late';

/** Card colour by age: yellow from `warnMinutes`, red from `lateMinutes` (venue settings). */
export function ageLevel(elapsedSec: number, warnMinutes: number, lateMinutes: number): AgeLevel {
  if (elapsedSec >= lateMinutes * 60) return 'late';
  if (elapsedSec >= warnMinutes * 60) return 'warn';
  return 'ok';
}

// ---------------------------------------------------------------------------------------------
// Printer badge

export type PrinterBadge = { kind: 'inQueue' | 'noAnswer' | 'printed'; label: string } | null;

/**
 * Printer badge (spec 000 §4): in queue "Na fila"; received by the local print server more than
 * 2 minutes ago counting a 3-minute clock allowance (more than 5 minutes by this clock), or error,
 * "Sem resposta do servidor" (with "Enviar novamente"); printed "Enviado para impressora".
 * Received and still within the window shows nothing: the server has it and is working on it.
 */
export function printerBadge(
  o: Pick<Order, 'PedidoPOSPrinterStatus' | 'DataStatusImpressora' | 'DataAtualizacao'>,
  nowMs: number,
): PrinterBadge {
  switch (o.PedidoPOSPrinterStatus) {
    case PRINTER_STATUS.inQueue:
      return { kind: 'inQueue', label: ORDER_MSG.printerInQueue };
    case PRINTER_STATUS.printed:
      return { kind: 'printed', label: ORDER_MSG.printerPrinted };
    case PRINTER_STATUS.error:
      return { kind: 'noAnswer', label: ORDER_MSG.printerNoAnswer };
    case PRINTER_STATUS.received: {
      const at = Date.parse(o.DataStatusImpressora ?? o.DataAtualizacao);
      if (!Number.isNaN(at) && nowMs - at > PRINTER_NO_ANSWER_AFTER_MS + PRINTER_CLOCK_OFFSET_MS) {
        return { kind: 'noAnswer', label: ORDER_MSG.printerNoAnswer };
      }
      return null;
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Labels

export function chatUnreadLabel(n: number): string {
  return n > CHAT_UNREAD_MAX ? `${CHAT_UNREAD_MAX}+` : String(n);
}

export function platformName(id: number): string {
  return DELIVERY_PLATFORM_NAME[id] ?? 'Plataforma de entrega';
}

/** The delivery configuration summary of the board header (spec 000 §2): type, platform, how the courier is called. */
export function deliverySummary(d: KdsDeliverySettings): { type: string; platform: string | null; courier: string | null } {
  const type =
    d.useMeepDelivery && d.useOwnDelivery
      ? 'Entrega da plataforma e própria'
      : d.useMeepDelivery
        ? 'Entrega da plataforma'
        : d.useOwnDelivery
          ? 'Entrega própria'
          : 'Sem entrega configurada';
  return {
    type,
    platform: d.useMeepDelivery ? platformName(d.deliveryPlatform) : null,
    courier: d.useMeepDelivery ? (d.callMeepDeliveryManually ? 'Motoboy chamado manualmente' : 'Motoboy chamado automaticamente') : null,
  };
}

/** WhatsApp link with the Brazilian country prefix 55 (spec 000 §9). */
export function whatsappLink(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 10) return null;
  return `https://wa.me/${digits.startsWith('55') && digits.length > 11 ? digits : `55${digits}`}`;
}

export function addressLines(o: Pick<Order, 'Cliente'>): string[] {
  const a = o.Cliente.Endereco;
  if (!a) return [];
  const first = [a.Logradouro, a.Numero].filter(Boolean).join(', ') + (a.Complemento ? ` - ${a.Complemento}` : '');
  const second = [a.Bairro, [a.Cidade, a.UF].filter(Boolean).join('/'), a.CEP].filter(Boolean).join(' · ');
  return [first, second, a.Referencia ? `Referência: ${a.Referencia}` : ''].filter((l) => l.trim() !== '');
}
