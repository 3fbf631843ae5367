/**
 * Text for the printer's code page (ESC t n): every character the page has is kept; one it lacks
 * falls back to a readable equivalent ("—" → "-", "€" → "EUR", "“" → '"', "ő" → "o") rather than
 * the encoder's "?". The pages' upper halves below are IBM's CP850 and CP860 (bytes 0x80–0xFF).
 */
import type { CodePage } from './printers';

const UPPER: Record<CodePage, string> = {
  cp850:
    'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0',
  cp860:
    'ÇüéâãàÁçêÊèÍÔìÃÂÉÀÈôõòÚùÌÕÜ¢£Ù₧ÓáíóúñÑªº¿Ò¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0',
};

/** The byte of a character in the page's upper half (undefined: not there). */
export function upperByte(ch: string, cp: CodePage): number | undefined {
  const i = UPPER[cp].indexOf(ch);
  return i >= 0 ? 0x80 + i : undefined;
}

const FALLBACK: Record<string, string> = {
  '—': '-',
  '–': '-',
  '‒': '-',
  '―': '-',
  '−': '-',
  '‐': '-',
  '€': 'EUR',
  '‘': "'",
  '’': "'",
  '‚': ',',
  '“': '"',
  '”': '"',
  '„': '"',
  '«': '"',
  '»': '"',
  '…': '...',
  '•': '*',
  '·': '.',
  '™': 'TM',
  '©': '(c)',
  '®': '(R)',
  '§': 'par.',
  '¶': 'par.',
  '°': 'o',
  'º': 'o',
  'ª': 'a',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '\t': ' ',
};

/** The text with only what the code page prints (ASCII, the page's characters, readable fallbacks). */
export function printable(text: string, cp: CodePage): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code < 0x7f) || ch === '\n') out += ch;
    else if (upperByte(ch, cp) !== undefined && ch !== '\u00a0' && ch !== '\u00ad') out += ch;
    else if (FALLBACK[ch] !== undefined) out += FALLBACK[ch];
    else {
      // A letter with a mark the page lacks: its base letter ("ő" → "o"); anything else: dropped to "?".
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => c.codePointAt(0)! < 0x7f || upperByte(c, cp) !== undefined) ? base : '?';
    }
  }
  return out;
}
