/**
 * BR Codes checked by parsers we did not write: pix-utils' parsePix and @brazilian-utils'
 * isValidPixPayload, plus a strict reader written here from the EMV QRCPS layout and Banco Central's
 * Manual de Padrões para Iniciação do Pix (2-digit ids and lengths, ID 00 first and "01", ID 63 last
 * with a CRC16-CCITT-FALSE of 4 upper-case hex digits, template 26 with the GUI and key, 59 ≤ 25,
 * 60 ≤ 15, 62-05 ≤ 25), independent of our generator.
 */
import { isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { buildStaticBrCode } from '../../../src/server/modules/pix/br-code';

/** CRC-16/CCITT-FALSE, table-driven (our generator computes it bit by bit). */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n << 8;
  for (let k = 0; k < 8; k++) c = c & 0x8000 ? (c << 1) ^ 0x1021 : c << 1;
  return c & 0xffff;
});
function crcOf(bytes: string): number {
  let crc = 0xffff;
  for (const ch of Buffer.from(bytes, 'latin1')) crc = ((crc << 8) ^ TABLE[((crc >> 8) ^ ch) & 0xff]) & 0xffff;
  return crc;
}

type Tlv = Array<{ id: string; value: string }>;
function readTlv(s: string): Tlv {
  const out: Tlv = [];
  let i = 0;
  while (i < s.length) {
    const id = s.slice(i, i + 2);
    const len = s.slice(i + 2, i + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(len)) throw new Error(`bad TLV header at ${i}: ${s.slice(i, i + 4)}`);
    const n = Number(len);
    if (n < 1 || i + 4 + n > s.length) throw new Error(`bad length ${len} for ${id}`);
    out.push({ id, value: s.slice(i + 4, i + 4 + n) });
    i += 4 + n;
  }
  return out;
}

function strictRead(code: string) {
  expect(code).toMatch(/^[\x20-\x7e]+$/);
  const top = readTlv(code);
  expect(top[0]).toEqual({ id: '00', value: '01' });
  const last = top[top.length - 1];
  expect(last.id).toBe('63');
  expect(last.value).toMatch(/^[0-9A-F]{4}$/);
  expect(parseInt(last.value, 16)).toBe(crcOf(code.slice(0, -4)));
  const get = (id: string) => top.find((f) => f.id === id)?.value;
  const mai = get('26')!;
  expect(mai.length).toBeLessThanOrEqual(99);
  const sub = readTlv(mai);
  expect(sub[0].id).toBe('00');
  expect(sub[0].value.toLowerCase()).toBe('br.gov.bcb.pix');
  expect(sub.find((f) => f.id === '01')).toBeDefined();
  expect(get('52')).toBe('0000');
  expect(get('53')).toBe('986');
  expect(get('58')).toBe('BR');
  expect(get('59')!.length).toBeLessThanOrEqual(25);
  expect(get('60')!.length).toBeLessThanOrEqual(15);
  const amount = get('54');
  if (amount) expect(amount).toMatch(/^\d{1,10}\.\d{2}$/);
  const add = readTlv(get('62')!);
  expect(add.find((f) => f.id === '05')!.value).toMatch(/^([A-Za-z0-9]{1,25}|\*\*\*)$/);
  return { key: sub.find((f) => f.id === '01')!.value, info: sub.find((f) => f.id === '02')?.value ?? null, name: get('59')!, city: get('60')!, amount };
}

const KEYS = [
  '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  '+5511998765432',
  '52998224725',
  '11222333000181',
  '12ABC34501DE35', // an alphanumeric CNPJ (Receita Federal, July 2026), in DICT form
  `${'a'.repeat(64)}@exemplo.com`, // 77 characters, the longest key
];
const WORDS = 'Bolo de chocolate com morango e açúcar de confeiteiro; Pão-de-queijo & café "especial" — São João / Ação Solidária 100% ';
const text = (n: number) => WORDS.repeat(Math.ceil(n / WORDS.length)).slice(0, n);

describe('BR Code (static) read by independent parsers', () => {
  it('is valid for descriptions of 1 to 200 characters, with every kind of key', () => {
    for (const key of KEYS) {
      for (let n = 1; n <= 200; n++) {
        const description = text(n);
        const code = buildStaticBrCode({ key, description, merchantName: `Restaurante ${text(n % 60)}`, merchantCity: `São ${text(n % 40)}`, amountCents: 100 + n, txid: `Tx${n}abcdefghijklmnopqrstuvwxyz0123` });
        const r = strictRead(code);
        expect(r.key).toBe(key);
        // The free text is the description's beginning (plain ASCII), trimmed only to fit template 26.
        if (r.info) expect(description.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, ' ').replace(/\s+/g, ' ').trim().startsWith(r.info)).toBe(true);
        expect(isValidPixPayload(code)).toBe(true);
        const parsed = parsePix(code);
        expect(hasError(parsed), `${key} / ${n}: ${code}`).toBe(false);
        expect(parsed).toMatchObject({ type: 'STATIC', pixKey: key, transactionAmount: (100 + n) / 100 });
      }
    }
  });

  it('keeps as much of the description as template 26 allows (the 38+ character bug)', () => {
    const key = KEYS[0];
    const code = buildStaticBrCode({ key, description: 'Encomenda de bolo de aniversário para 30 pessoas', merchantName: 'Sabor da Casa', merchantCity: 'São Paulo', amountCents: 12050 });
    const r = strictRead(code);
    // 99 − GUI (18) − key (4 + 36) − header of ID 02 (4) = 37 characters of text.
    expect(r.info).toBe('Encomenda de bolo de aniversario para');
    expect(r).toMatchObject({ name: 'SABOR DA CASA', city: 'SAO PAULO', amount: '120.50' });
    // The longest key leaves no room: the text is dropped, never overflowing the template.
    expect(strictRead(buildStaticBrCode({ key: KEYS[KEYS.length - 1], description: 'x', merchantName: 'A', merchantCity: 'B' })).info).toBeNull();
  });

  it('long names and cities are cut to 25 and 15; no amount means the payer types it', () => {
    const r = strictRead(buildStaticBrCode({ key: KEYS[1], merchantName: 'Associação Beneficente dos Amigos do Bairro', merchantCity: 'São José dos Campos', amountCents: null }));
    expect(r).toMatchObject({ name: 'ASSOCIACAO BENEFICENTE DO', city: 'SAO JOSE DOS CA', amount: undefined });
  });

  it('a changed character breaks the CRC for every parser', () => {
    const code = buildStaticBrCode({ key: KEYS[0], description: 'Torta', merchantName: 'Casa', merchantCity: 'Recife', amountCents: 4250 });
    const tampered = code.replace('42.50', '42.51');
    expect(isValidPixPayload(tampered)).toBe(false);
    expect(hasError(parsePix(tampered))).toBe(true);
    expect(() => strictRead(tampered)).toThrow();
  });
});
