/**
 * Two server processes (two apps) on one database and one S3-compatible store (s3rver on loopback):
 * an image uploaded through one is served by the other.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { DbHandle } from '../../../src/server/db/client';
import { seedDemo } from '../../../src/server/db/seed';
import { createS3FileStorage, s3SettingsFromEnv } from '../../../src/server/lib/file-storage';
import { CATALOGUE_PATHS } from '../../../src/shared/contract/products';
import { openTestDb } from '../../setup/test-db';

// A 1×1 PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let s3: S3rver;
let db: DbHandle;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-s3-'));
const apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];

beforeAll(async () => {
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'imagens', configs: [] }] });
  const { port } = (await s3.run()) as AddressInfo;
  const env = { S3_BUCKET: 'imagens', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  db = await openTestDb();
  for (let i = 0; i < 2; i++) {
    apps.push(
      await buildApp({
        db,
        mailer: { send: async () => {}, describe: () => 'memória' },
        config: { publicUrl: 'http://portal.test', frameAllowedOrigins: [] },
        files: await createS3FileStorage(s3SettingsFromEnv(env)!),
      }),
    );
  }
}, 60_000);

afterAll(async () => {
  for (const a of apps) await a.close();
  await db?.close();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('images shared by every process', () => {
  it('an image uploaded through one process is served by the other', async () => {
    const seed = await seedDemo(db.db);
    const [a, b] = apps;
    const login = await a.inject({ method: 'POST', url: '/api/mfa/login', payload: { username: 'gerente@balcao.dev', password: seed.password } });
    const token = login.json().access_token as string;
    const up = await a.inject({
      method: 'POST',
      url: `/${CATALOGUE_PATHS.imageUpload}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { localClienteId: seed.venues.restaurant, imagem: `data:image/png;base64,${PNG}` },
    });
    expect(up.statusCode, up.body).toBe(201);
    const url = up.json().url as string;
    const served = await b.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    expect((await b.inject({ url: url.replace(/[0-9a-f]{40}/, '0'.repeat(40)) })).statusCode).toBe(404);
  });
});
