#!/usr/bin/env node
// npm test: the one test command. Type-check, unit and API tests (Vitest), build, then end-to-end
// tests in Debian's Chromium (Playwright). Ends with one line "N passed, N failed".
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
    console.log("Instalando o Chromium do Debian (apt-get install chromium)...");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    return;
  }
  console.error(
    `Chromium não encontrado em ${chromium}. Instale o pacote do Debian com:\n  sudo apt-get install chromium\n` +
      'ou aponte CHROMIUM_PATH para um Chromium existente. (Nunca baixamos um navegador próprio.)',
  );
  process.exit(1);
}

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

let pgLaneRan = false;

/**
 * The API tests again on PostgreSQL: on TEST_DATABASE_URL when given, otherwise on a throw-away
 * server of our own started from Debian's postgresql package (scripts/pg-local.mjs). Without either,
 * says how to get it and goes on (the embedded-database lane has run).
 */
async function postgresLane() {
  fs.rmSync('test-reports/vitest-pg.json', { force: true });
  let url = process.env.TEST_DATABASE_URL;
  let local = null;
  if (!url) {
    const { findPostgresBin, startLocalPostgres } = await import('./pg-local.mjs');
    if (!findPostgresBin()) {
      console.log(
        '\n=== API no PostgreSQL: não executado. Instale o PostgreSQL do Debian (apt-get install postgresql) ' +
          'ou defina TEST_DATABASE_URL=postgres://usuario:senha@host:5432/postgres (um usuário que cria bancos).',
      );
      return true;
    }
    local = await startLocalPostgres();
    url = local.url;
  }
  pgLaneRan = true;
  try {
    return run('API no PostgreSQL (vitest)', bin('vitest'), ['run', 'tests/server', 'tests/postgres', '--reporter=default', '--reporter=json', '--outputFile=test-reports/vitest-pg.json'], {
      TEST_DATABASE_URL: url,
    });
  } finally {
    local?.stop();
  }
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
fs.mkdirSync('test-reports', { recursive: true });
ensureChromium();

// The build comes first: it also regenerates the router's route tree that the type-check reads.
let ok = run('Build (vite)', bin('vite'), ['build', '--logLevel', 'warn'], { VITE_BUILD_ID: 'test' });
ok = run('Tipos (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) && ok;
ok = run('Unidade e API (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', '--outputFile=test-reports/vitest.json']) && ok;
ok = (await postgresLane()) && ok;
ok = run('Ponta a ponta (playwright)', bin('playwright'), ['test']) && ok;

let passed = 0;
let failed = 0;
for (const report of ['test-reports/vitest.json', ...(pgLaneRan ? ['test-reports/vitest-pg.json'] : [])]) {
  try {
    const v = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  } catch {
    failed += 1;
  }
}
try {
  const p = JSON.parse(fs.readFileSync('test-reports/e2e.json', 'utf8'));
  passed += p.stats.expected;
  failed += p.stats.unexpected + p.stats.flaky;
} catch {
  failed += 1;
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
