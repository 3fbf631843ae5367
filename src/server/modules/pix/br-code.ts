/**
 * BR Code ("Pix copia e cola") per Banco Central's Manual de Padrões para Iniciação do Pix, on the
 * EMV® QRCPS merchant-presented layout: ID (2 digits) + length (2 digits, so at most 99) + value,
 * ending with the CRC16-CCITT (poly 0x1021, init 0xFFFF) over everything up to "6304".
 *
 * The merchant account template (ID 26) holds the GUI "br.gov.bcb.pix", the key and an optional
 * free text; the whole template must fit in 99 characters, so the text is trimmed to what is left
 * after the key (and dropped when nothing is left). Names, cities and texts are reduced to plain
 * ASCII, because bank apps read the payload as EMV "ans" characters.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;
/** A static code's txid (ID 62-05) holds at most 25 letters and digits ("***" when there is none). */
export const STATIC_TXID_MAX = 25;
export const PIX_KEY_MAX = 77;

export interface StaticBrCode {
  key: string;
  /** Free text shown to the payer (template 26, ID 02): trimmed to fit. */
  description?: string | null;
  merchantName: string;
  merchantCity: string;
  /** In cents; omitted means the payer types the amount. */
  amountCents?: number | null;
  txid?: string | null;
}

export function crc16(payload: string): string {
  let crc = 0xffff;
  for (let i = 0; i < payload.length; i++) {
    crc ^= payload.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

function field(id: string, value: string): string {
  if (value.length < 1 || value.length > 99) throw new RangeError(`BR Code field ${id} has ${value.length} characters (1 to 99)`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Plain printable ASCII: accents dropped, control and non-ASCII characters removed, spaces folded. */
export function emvText(s: string | null | undefined, max: number): string {
  return (s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** The key as the DICT formats it in a BR Code (no spaces; e-mail in lower case). */
export function normalizePixKey(key: string): string {
  const k = key.trim();
  return k.includes('@') ? k.toLowerCase() : k.replace(/\s/g, '');
}

/** Template 26: GUI, key and as much of the description as fits in 99 characters. */
export function merchantAccount(key: string, description?: string | null): string {
  const head = field('00', PIX_GUI) + field('01', key);
  const room = 99 - head.length - 4;
  const info = room > 0 ? emvText(description, room) : '';
  return field('26', head + (info ? field('02', info) : ''));
}

export function buildStaticBrCode(c: StaticBrCode): string {
  const key = normalizePixKey(c.key);
  if (!key || key.length > PIX_KEY_MAX) throw new RangeError('Pix key must have 1 to 77 characters');
  const txid = (c.txid ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, STATIC_TXID_MAX) || '***';
  const name = emvText(c.merchantName, MERCHANT_NAME_MAX).toUpperCase() || 'BALCAO';
  const city = emvText(c.merchantCity, MERCHANT_CITY_MAX).toUpperCase() || 'SAO PAULO';
  const amount = c.amountCents != null && c.amountCents > 0 ? field('54', (c.amountCents / 100).toFixed(2)) : '';
  const body =
    field('00', '01') +
    merchantAccount(key, c.description) +
    field('52', '0000') +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', name) +
    field('60', city) +
    field('62', field('05', txid)) +
    '6304';
  return body + crc16(body);
}
