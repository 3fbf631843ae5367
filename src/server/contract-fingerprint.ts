/**
 * The contract's fingerprint: a hash of every source file under src/shared (the zod schemas of
 * requests and answers, and the enumerations and limits they use). The PWA's build carries the
 * fingerprint of the sources it was built from (vite.config.ts), the API server the one of the
 * sources it runs; they are equal only when both sides speak the very same contract.
 *
 * The server sends it with every answer its response schema has checked (plugins/contract.ts), and
 * the PWA may then take a large answer as checked (lib/api-client.ts, `checkedByServer`) instead of
 * parsing it again with the same schema. An answer from another backend, or from a server built from
 * other sources, carries no fingerprint or another one, and is parsed as always.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED_DIR = fileURLToPath(new URL('../shared/', import.meta.url));

function sourcesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourcesUnder(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Hash of the files' paths (relative to src/shared, '/'-separated) and contents, in path order. */
export function fingerprintOf(dir: string): string {
  const hash = createHash('sha256');
  const files = sourcesUnder(dir)
    .map((path) => ({ path, name: relative(dir, path).split('\\').join('/') }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const f of files) hash.update(f.name).update('\0').update(readFileSync(f.path)).update('\0');
  return hash.digest('hex').slice(0, 32);
}

let cached: string | null = null;
/** The fingerprint of the src/shared this process runs (computed once). */
export function contractFingerprint(): string {
  return (cached ??= fingerprintOf(SHARED_DIR));
}
