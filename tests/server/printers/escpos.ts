/**
 * A small ESC/POS decoder for the tests (not a test file): reads the commands our tickets use and
 * the text in between through an independent CP860 / CP850 table (IBM code page charts), and
 * throws on any command it does not know, so a ticket that starts sending something else fails.
 */

/** Characters of 0x80–0xFF we need, from IBM's CP860 (Portuguese) chart. */
const CP860: Record<number, string> = {
  0x80: 'Ç', 0x81: 'ü', 0x82: 'é', 0x83: 'â', 0x84: 'ã', 0x85: 'à', 0x86: 'Á', 0x87: 'ç', 0x88: 'ê', 0x89: 'Ê', 0x8a: 'è', 0x8b: 'Í',
  0x8c: 'Ô', 0x8d: 'ì', 0x8e: 'Ã', 0x8f: 'Â', 0x90: 'É', 0x91: 'À', 0x92: 'È', 0x93: 'ô', 0x94: 'õ', 0x95: 'ò', 0x96: 'Ú', 0x97: 'ù',
  0x98: 'Ì', 0x99: 'Õ', 0x9a: 'Ü', 0x9f: 'Ó', 0xa0: 'á', 0xa1: 'í', 0xa2: 'ó', 0xa3: 'ú', 0xa4: 'ñ', 0xa5: 'Ñ', 0xa6: 'ª', 0xa7: 'º',
};
/** The same letters in CP850 (Multilingual Latin 1). */
const CP850: Record<number, string> = {
  0x80: 'Ç', 0x81: 'ü', 0x82: 'é', 0x83: 'â', 0x85: 'à', 0x87: 'ç', 0x88: 'ê', 0x90: 'É', 0x93: 'ô', 0xa0: 'á', 0xa1: 'í', 0xa2: 'ó',
  0xa3: 'ú', 0xa6: 'ª', 0xa7: 'º', 0xb5: 'Á', 0xb6: 'Â', 0xb7: 'À', 0xc6: 'ã', 0xc7: 'Ã', 0xd2: 'Ê', 0xd6: 'Í', 0xe0: 'Ó', 0xe2: 'Ô',
  0xe4: 'õ', 0xe5: 'Õ', 0xe9: 'Ú',
};
/** ESC t n numbers (Epson): 2 = CP850, 3 = CP860. */
const TABLES: Record<number, Record<number, string>> = { 2: CP850, 3: CP860 };

export type Op =
  | { op: 'init' }
  | { op: 'codepage'; n: number }
  | { op: 'bold'; on: boolean }
  | { op: 'size'; width: number; height: number }
  | { op: 'align'; value: 'left' | 'center' | 'right' }
  | { op: 'font'; n: number }
  | { op: 'kanjiOff' }
  | { op: 'cut'; partial: boolean }
  /** A printed line; centred text keeps its leading spaces (use .trim() to compare). */
  | { op: 'line'; text: string; bold: boolean; width: number; height: number };

export function decodeEscPos(bytes: Uint8Array): Op[] {
  const ops: Op[] = [];
  let table: Record<number, string> | null = null;
  let bold = false;
  let width = 1;
  let height = 1;
  let text = '';
  // A line's style is the style its visible characters were printed in (styles change mid-line).
  let lineStyle: { bold: boolean; width: number; height: number } | null = null;
  let i = 0;
  const flush = () => {
    ops.push({ op: 'line', text: text.replace(/^ +/, (m) => (text.trim() ? m : '')), ...(lineStyle ?? { bold: false, width: 1, height: 1 }) });
    text = '';
    lineStyle = null;
  };
  const put = (ch: string) => {
    text += ch;
    if (ch !== ' ' && !lineStyle) lineStyle = { bold, width, height };
  };
  while (i < bytes.length) {
    const b = bytes[i];
    if (b === 0x1b) {
      const c = bytes[i + 1];
      if (c === 0x40) (ops.push({ op: 'init' }), (i += 2), (bold = false), (width = height = 1));
      else if (c === 0x74) {
        const n = bytes[i + 2];
        if (!TABLES[n]) throw new Error(`code page ${n} not in the decoder`);
        table = TABLES[n];
        ops.push({ op: 'codepage', n });
        i += 3;
      } else if (c === 0x45) (bold = bytes[i + 2] === 1, ops.push({ op: 'bold', on: bold }), (i += 3));
      else if (c === 0x61) (ops.push({ op: 'align', value: (['left', 'center', 'right'] as const)[bytes[i + 2]] }), (i += 3));
      else if (c === 0x4d) (ops.push({ op: 'font', n: bytes[i + 2] }), (i += 3));
      else throw new Error(`unknown ESC 0x${c.toString(16)} at ${i}`);
    } else if (b === 0x1d) {
      const c = bytes[i + 1];
      if (c === 0x21) {
        const n = bytes[i + 2];
        width = (n >> 4) + 1;
        height = (n & 0x0f) + 1;
        ops.push({ op: 'size', width, height });
        i += 3;
      } else if (c === 0x56) {
        const m = bytes[i + 2];
        if (m === 0x00 || m === 0x30) (ops.push({ op: 'cut', partial: false }), (i += 3));
        else if (m === 0x01 || m === 0x31) (ops.push({ op: 'cut', partial: true }), (i += 3));
        else if (m === 0x41 || m === 0x42) (ops.push({ op: 'cut', partial: m === 0x42 }), (i += 4));
        else throw new Error(`unknown GS V ${m}`);
      } else throw new Error(`unknown GS 0x${c.toString(16)} at ${i}`);
    } else if (b === 0x1c && bytes[i + 1] === 0x2e) (ops.push({ op: 'kanjiOff' }), (i += 2));
    else if (b === 0x0a) (flush(), (i += 1));
    else if (b === 0x0d) i += 1;
    else if (b < 0x20) throw new Error(`unknown control byte 0x${b.toString(16)} at ${i}`);
    else if (b < 0x80) (put(String.fromCharCode(b)), (i += 1));
    else {
      const ch = table?.[b];
      if (!ch) throw new Error(`byte 0x${b.toString(16)} outside the decoder's table (code page ${table ? 'set' : 'not set'})`);
      put(ch);
      i += 1;
    }
  }
  if (text) flush();
  return ops;
}

/** The printed lines' text, in order. */
export const linesOf = (ops: Op[]) => ops.filter((o): o is Extract<Op, { op: 'line' }> => o.op === 'line').map((o) => o.text);
