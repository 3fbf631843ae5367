/**
 * A throw-away PostgreSQL server of our own (Debian's postgresql package: initdb + pg_ctl), for the
 * test suite's PostgreSQL lane, the restart tests and the soak benchmark. It listens on 127.0.0.1 on
 * a free port, keeps its data in a temporary folder and is gone after stop(). As root it runs as the
 * `postgres` system user (PostgreSQL refuses to run as root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The newest installed PostgreSQL's bin folder, or null. */
export function findPostgresBin() {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL binary as the right user; throws with its output on failure. */
function pgRun(bin, args) {
  const cmd = isRoot() ? 'runuser' : bin;
  const argv = isRoot() ? ['-u', 'postgres', '--', bin, ...args] : args;
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${path.basename(bin)} ${args.join(' ')} falhou:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/**
 * Starts a new server. Answers { url, port, dataDir, stop(), halt(), resume(), restart() }:
 * halt/resume stop and start the same server (a database restart as operations see it).
 */
export async function startLocalPostgres() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL não está instalado (apt-get install postgresql).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-pg-'));
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dataDir]);
  const port = await freePort();
  pgRun(path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dataDir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const ctl = (...args) => pgRun(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const start = () => ctl('-o', opts, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60', 'start');
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    halt: () => ctl('-m', 'fast', '-w', 'stop'),
    resume: () => start(),
    restart: () => ctl('-m', 'fast', '-w', '-t', '60', '-o', opts, '-l', path.join(dataDir, 'server.log'), 'restart'),
    stop() {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        /* already stopped */
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
