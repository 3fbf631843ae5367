import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from '../../../scripts/vite-compile-hints';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A written bundle: each file on disk, and the bundle Vite hands to writeBundle. */
function written(files: Record<string, { name: string; code: string } | { asset: string }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-hints-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'assets'));
  const bundle: Record<string, unknown> = {};
  for (const [fileName, f] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, fileName), 'code' in f ? f.code : f.asset);
    bundle[fileName] = 'code' in f ? { type: 'chunk', name: f.name, fileName, code: f.code } : { type: 'asset', fileName, source: f.asset };
  }
  return { dir, bundle };
}

function runWriteBundle(dir: string, bundle: Record<string, unknown>) {
  const plugin = compileHints(['board', 'orders']);
  (plugin.writeBundle as (o: { dir: string }, b: Record<string, unknown>) => void)({ dir }, bundle);
}

describe('compile hints (scripts/vite-compile-hints)', () => {
  it('puts the hint on the first line of the named chunks only, keeping their code', () => {
    const board = 'const __vite__mapDeps=(i)=>i;\nimport{a}from"./x.js";a();';
    const { dir, bundle } = written({
      'assets/board-abc.js': { name: 'board', code: board },
      'assets/orders-def.js': { name: 'orders', code: 'export const x=1;' },
      'assets/login-ghi.js': { name: 'login', code: 'export const y=2;' },
      'assets/board-abc.css': { asset: '.a{}' },
    });
    runWriteBundle(dir, bundle);
    const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
    expect(read('assets/board-abc.js')).toBe(`${COMPILE_HINT}\n${board}`);
    expect(read('assets/board-abc.js').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(read('assets/orders-def.js')).toBe(`${COMPILE_HINT}\nexport const x=1;`);
    expect(read('assets/login-ghi.js')).toBe('export const y=2;');
    expect(read('assets/board-abc.css')).toBe('.a{}');
  });

  it('marks a file once, however often the bundle is written', () => {
    const { dir, bundle } = written({ 'assets/board-abc.js': { name: 'board', code: 'a();' } });
    runWriteBundle(dir, bundle);
    runWriteBundle(dir, bundle);
    expect(fs.readFileSync(path.join(dir, 'assets/board-abc.js'), 'utf8')).toBe(`${COMPILE_HINT}\na();`);
  });
});
