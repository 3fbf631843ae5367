import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { IMPORT_REASON, IMPORT_TEMPLATE } from '../../../shared/cashless';
import { runImportParser, type FromParser } from './user-import-parse';

const HEADER = IMPORT_TEMPLATE.split('\r\n')[0];

/** Runs the parser on a MessageChannel (as the worker does), sending the bytes in chunks of `size`. */
async function parse(bytes: Buffer, size: number, batch = 2): Promise<FromParser[]> {
  const { port1, port2 } = new MessageChannel();
  runImportParser(port2, batch);
  const out: FromParser[] = [];
  const done = new Promise<void>((resolve) => {
    port1.on('message', (m: FromParser) => {
      out.push(m);
      if (m.type !== 'batch') resolve();
    });
  });
  for (let i = 0; i < bytes.length; i += size) port1.postMessage({ type: 'chunk', data: new Uint8Array(bytes.subarray(i, i + size)) });
  port1.postMessage({ type: 'end' });
  await done;
  port1.close();
  return out;
}

describe('user import parser (worker side)', () => {
  it('posts batches of valid users and the refused rows, in any chunking, and the totals', async () => {
    const csv = Buffer.from(
      [
        HEADER,
        "João Ação;'01234567890;joao@exemplo.com.br;(11) 98765-4321;0123;50,00",
        'Bruno Dias;11144477735;bruno@exemplo.com.br;21987654321;4321;Ilimitado',
        'Bruno Repetido;11144477735;bruno2@exemplo.com.br;21987654321;4321;1,00',
        'Carla Sem Email;39053344705;;21987654321;4321;10,00',
        'Eva Lima;15350946056;eva@exemplo.com.br;21987654321;4321;10,50',
      ].join('\r\n'),
      'utf8',
    );
    for (const size of [1, 7, 1 << 20]) {
      const out = await parse(csv, size);
      const batches = out.filter((m) => m.type === 'batch');
      expect(out.at(-1)).toEqual({ type: 'done', total: 5, lines: 6 });
      const valid = batches.flatMap((b) => b.valid);
      expect(valid.map((v) => [v.line, v.user.name, v.user.document])).toEqual([
        [2, 'João Ação', '01234567890'],
        [3, 'Bruno Dias', '11144477735'],
        [6, 'Eva Lima', '15350946056'],
      ]);
      expect(batches.every((b) => b.valid.length <= 2)).toBe(true);
      expect(batches.flatMap((b) => b.refused).map((r) => [r.line, r.reason])).toEqual([
        [4, IMPORT_REASON.duplicate],
        [5, IMPORT_REASON.missingFields],
      ]);
    }
  });

  it('reads Windows-1252 and stops at a changed header', async () => {
    const latin = Buffer.from(`${HEADER}\r\nJosé Conceição;11144477735;jose@exemplo.com.br;21987654321;4321;1,00`, 'latin1');
    const out = await parse(latin, 5);
    expect(out.filter((m) => m.type === 'batch').flatMap((b) => b.valid)[0].user.name).toBe('José Conceição');
    expect(await parse(Buffer.from('Nome;CPF\r\nA;1', 'utf8'), 4)).toEqual([{ type: 'header' }]);
  });
});
