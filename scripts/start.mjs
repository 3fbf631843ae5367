#!/usr/bin/env node
// npm start: installs dependencies when missing, builds the PWA when the build is missing or stale,
// then runs the server (which migrates, seeds an empty embedded database and serves everything).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!fs.existsSync(installed) || fs.statSync(lock).mtimeMs > fs.statSync(installed).mtimeMs) {
  console.log('Instalando dependências (npm ci)...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}

const stamp = path.join(root, 'dist', 'app', 'index.html');
const sources = ['src/app', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (!built || Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > built) {
  console.log('Gerando o aplicativo (vite build)...');
  execSync('npx vite build', { stdio: 'inherit', env: { ...process.env, VITE_BUILD_ID: String(Date.now()) } });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
