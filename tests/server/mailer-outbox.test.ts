/**
 * The outbox of e-mails (no SMTP_URL): each message lands whole, as an .eml and a .json, written
 * under a temporary name and then renamed, so whoever polls the folder never reads half a message
 * (an e2e poll once read a .json mid-write: "Unexpected end of JSON input").
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createMailer } from '../../src/server/lib/mailer';

let dir = '';
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('writes each e-mail under a temporary name, then renames it: the folder only ever shows whole files', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-outbox-'));
  const mailer = createMailer({ outboxDir: dir });
  const seen: string[] = [];
  const watcher = fs.watch(dir, (_event, name) => {
    if (name) seen.push(String(name));
  });
  try {
    await Promise.all(
      ['ana@example.com', 'bia@example.com', 'caio@example.com'].map((to) =>
        mailer.send({ to, subject: 'Seu código', text: 'Código: 123456', attachments: [{ filename: 'remessa.txt', content: Buffer.alloc(256 * 1024, 'x') }] }),
      ),
    );
    await expect.poll(() => seen.filter((n) => n.endsWith('.json')).length).toBeGreaterThanOrEqual(3);
  } finally {
    watcher.close();
  }
  // Every final name arrived by a rename of its temporary one.
  const finals = fs.readdirSync(dir).sort();
  expect(finals.filter((f) => f.endsWith('.partial'))).toEqual([]);
  expect(finals.filter((f) => f.endsWith('.json'))).toHaveLength(3);
  expect(finals.filter((f) => f.endsWith('.eml'))).toHaveLength(3);
  for (const f of finals) expect(seen, f).toContain(`${f}.partial`);
  const sent = finals.filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { to: string; attachments: Array<{ size: number }> });
  expect(sent.map((m) => m.to).sort()).toEqual(['ana@example.com', 'bia@example.com', 'caio@example.com']);
  expect(sent.every((m) => m.attachments[0].size === 256 * 1024)).toBe(true);
});
