/**
 * A production install (issue 37): an empty database gets no demo, the first administrator comes
 * from `npm run create-admin` run non-interactively, and the real server started with
 * NODE_ENV=production says its mode and lets that administrator (and nobody with the demo's
 * password) in. On PGlite (DATA_DIR) by default; on PostgreSQL (DATABASE_URL) with TEST_DATABASE_URL.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../../src/server/db/client';
import { users } from '../../../src/server/db/schema/auth';
import { startServer, type RunningServer } from '../../support/server';

const root = path.resolve(import.meta.dirname, '../../..');
const PASSWORD = 'Prod#Segura2026';

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/create-admin.ts', ...args], {
      cwd: root,
      // stdin is not a terminal: the CLI must never wait for a typed password.
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production', ADMIN_PASSWORD: '', DATABASE_URL: '', ...env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

let dataDir: string;
let dbEnv: Record<string, string>;
let dropDb: (() => Promise<void>) | null = null;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-prod-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dbEnv = { DATA_DIR: dataDir };
    return;
  }
  const { createDatabase, dropDatabase } = await import('../../postgres/pg-helpers');
  const name = `balcao_prod_${randomBytes(6).toString('hex')}`;
  dbEnv = { DATA_DIR: dataDir, DATABASE_URL: await createDatabase(adminUrl, name) };
  dropDb = () => dropDatabase(adminUrl, name);
});

afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function usersInDb() {
  const db = await openDb({ databaseUrl: dbEnv.DATABASE_URL, dataDir: dbEnv.DATABASE_URL ? undefined : dbEnv.DATA_DIR, log: () => {} });
  try {
    return await db.db.select({ email: users.email, isAdmin: users.isAdmin, mfa: users.mfaEnabled }).from(users).orderBy(users.email);
  } finally {
    await db.close();
  }
}

/** The real server with NODE_ENV=production on this file's database, started for one describe's tests. */
function useProductionServer(): () => RunningServer {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'production', STATIC_DIR: '/nonexistent', ...dbEnv }, { dataDir });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });
  return () => server;
}

const signIn = (server: RunningServer, username: string, password: string) =>
  fetch(`${server.url}/api/mfa/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });

/** The demo administrator's sign-in is refused with a 4xx: the account does not exist. */
async function expectDemoRefused(server: RunningServer) {
  const demo = await signIn(server, 'admin@balcao.dev', 'Demo#2026');
  expect(demo.status).toBeGreaterThanOrEqual(400);
  expect(demo.status).toBeLessThan(500);
}

describe('the real server with NODE_ENV=production on an empty database', () => {
  const server = useProductionServer();

  it('says it runs in production, how to create the first administrator, and seeds no demo', async () => {
    const log = server().output();
    expect(log).toContain('Modo: produção');
    expect(log).toContain('Nenhum administrador ainda');
    expect(log).toContain('npm run create-admin');
    expect(log).not.toContain('Dados de demonstração criados');
    expect(log).not.toContain('Demo#2026');
  });

  it('refuses the demo account: it does not exist', async () => {
    await expectDemoRefused(server());
  });

  it('leaves the database without any account once stopped', async () => {
    await server().stop();
    expect(await usersInDb()).toEqual([]);
  });
});

describe('npm run create-admin, non-interactive', () => {
  it('refuses without a password instead of waiting for a terminal (exit 2), and creates nobody', async () => {
    const r = await run(['--email', 'dona@restaurante.com.br', '--name', 'Dona Maria'], dbEnv);
    expect(r.code).toBe(2);
    expect(r.out).toContain('ADMIN_PASSWORD');
  }, 120_000);

  it('refuses a weak password (exit 2) and a missing e-mail (exit 2)', async () => {
    const weak = await run(['--email', 'dona@restaurante.com.br', '--name', 'Dona Maria'], { ...dbEnv, ADMIN_PASSWORD: '123' });
    expect(weak.code).toBe(2);
    const noEmail = await run(['--name', 'Dona Maria'], { ...dbEnv, ADMIN_PASSWORD: PASSWORD });
    expect(noEmail.code).toBe(2);
    expect(noEmail.out).toContain('Uso: ADMIN_PASSWORD=');
  }, 120_000);

  it('creates the administrator from ADMIN_PASSWORD and flags; a second run for the same e-mail exits 1', async () => {
    const r = await run(['--email', 'Dona@Restaurante.com.br', '--name', 'Dona Maria'], { ...dbEnv, ADMIN_PASSWORD: PASSWORD });
    expect(r.out).toContain('Administrador dona@restaurante.com.br criado');
    expect(r.code).toBe(0);
    const again = await run(['--email', 'dona@restaurante.com.br', '--name', 'Outra'], { ...dbEnv, ADMIN_PASSWORD: PASSWORD });
    expect(again.code).toBe(1);
    expect(again.out).toContain('Já existe um usuário com o e-mail dona@restaurante.com.br');
    // The empty production database holds exactly that administrator: no demo account came with it.
    expect(await usersInDb()).toEqual([{ email: 'dona@restaurante.com.br', isAdmin: true, mfa: true }]);
  }, 180_000);
});

describe('the real server with NODE_ENV=production after create-admin', () => {
  const server = useProductionServer();

  it('no longer asks for an administrator, still seeds no demo, and refuses the demo password', async () => {
    expect(server().output()).toContain('Modo: produção');
    expect(server().output()).not.toContain('Nenhum administrador ainda');
    await expectDemoRefused(server());
  });

  it('lets the administrator create-admin made sign in, with the code by e-mail', async () => {
    const res = await signIn(server(), 'dona@restaurante.com.br', PASSWORD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ RequiredMFA: true, username: 'dona@restaurante.com.br' });
  });

  it('answers anonymous health with its status only', async () => {
    const res = await fetch(`${server().url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
