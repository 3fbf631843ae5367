/**
 * The file-storage contract, run against the local disk and against a real S3-compatible server
 * (s3rver) on loopback: what one process writes, another reads.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, createS3FileStorage, FileStoreUnavailableError, isSafeKey, S3_PART_SIZE, s3SettingsFromEnv, type FileStorage } from '../../../src/server/lib/file-storage';

let s3: S3rver;
let endpoint = '';
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-s3-'));

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'balcao', configs: [] }] });
  const addr = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${addr.port}`;
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const s3Env = () => ({ S3_BUCKET: 'balcao', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_PREFIX: 'teste' });

const kinds: Array<[string, () => Promise<[FileStorage, FileStorage]>]> = [
  ['local disk (two handles on one folder)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-files-'));
    return [createLocalFileStorage(dir), createLocalFileStorage(dir)];
  }],
  ['S3-compatible server (two clients, as two processes)', async () => [await createS3FileStorage(s3SettingsFromEnv(s3Env())!), await createS3FileStorage(s3SettingsFromEnv(s3Env())!)]],
];

describe.each(kinds)('file storage on %s', (_name, make) => {
  it('writes buffers and streams that the other handle reads, reports missing keys and deletes', async () => {
    const [a, b] = await make();
    await a.put('v1/relatorios/um.txt', Buffer.from('olá, mundo'));
    await a.put('v1/relatorios/dois.csv', Readable.from([Buffer.from('a;b\n'), Buffer.from('1;2\n')]));
    expect((await b.read('v1/relatorios/um.txt'))?.toString()).toBe('olá, mundo');
    expect((await b.read('v1/relatorios/dois.csv'))?.toString()).toBe('a;b\n1;2\n');
    expect(await b.exists('v1/relatorios/um.txt')).toBe(true);
    expect(await b.read('v1/nada.txt')).toBeNull();
    expect(await b.get('v1/nada.txt')).toBeNull();
    expect(await b.exists('v1/nada.txt')).toBe(false);
    await b.delete('v1/relatorios/um.txt');
    expect(await a.exists('v1/relatorios/um.txt')).toBe(false);
  });

  it('refuses keys that would leave its folder or bucket prefix', async () => {
    const [a] = await make();
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a\\b', '', 'a//b']) {
      expect(isSafeKey(key)).toBe(false);
      await expect(a.put(key, Buffer.from('x'))).rejects.toThrow();
    }
  });
});

it('S3 settings come from the environment only when a bucket is named', () => {
  expect(s3SettingsFromEnv({})).toBeNull();
  expect(s3SettingsFromEnv({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://x' })).toMatchObject({ bucket: 'b', forcePathStyle: true, region: 'us-east-1', prefix: '' });
  expect(s3SettingsFromEnv({ S3_BUCKET: 'b' })).toMatchObject({ forcePathStyle: false });
});

describe('S3 uploads stream', () => {
  it('a body larger than one part goes up part by part (multipart) and reads back whole; an unreachable store is FileStoreUnavailableError', async () => {
    const store = await createS3FileStorage(s3SettingsFromEnv(s3Env())!);
    // 2.5 parts, produced lazily in 1 MB chunks: never one buffer of the whole file.
    const total = Math.floor(S3_PART_SIZE * 2.5);
    let produced = 0;
    const body = new Readable({
      read() {
        if (produced >= total) return this.push(null);
        const n = Math.min(1024 * 1024, total - produced);
        this.push(Buffer.alloc(n, produced / (1024 * 1024)));
        produced += n;
      },
    });
    expect(await store.put('v1/importacoes/grande.bin', body)).toEqual({ key: 'v1/importacoes/grande.bin', size: total });
    const back = (await store.read('v1/importacoes/grande.bin'))!;
    expect(back.length).toBe(total);
    expect(back[0]).toBe(0);
    expect(back[total - 1]).toBe(Math.floor((total - 1) / (1024 * 1024)));
    await store.check!();

    const down = await createS3FileStorage(s3SettingsFromEnv({ ...s3Env(), S3_ENDPOINT: 'http://127.0.0.1:9' })!);
    await expect(down.put('v1/x.txt', Buffer.from('x'))).rejects.toBeInstanceOf(FileStoreUnavailableError);
    await expect(down.check!()).rejects.toBeInstanceOf(FileStoreUnavailableError);
  }, 60_000);
});
