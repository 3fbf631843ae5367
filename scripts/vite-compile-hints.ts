/**
 * Vite plugin: marks the chunks a screen runs as soon as it loads for eager compilation (V8's explicit
 * compile hints, Chrome 136+: the magic comment `//# allFunctionsCalledOnLoad` on a file's first line).
 * V8 then compiles their functions while the file streams in, on a background thread, instead of on
 * the main thread the first time each is called: for the board, in the middle of its first paint.
 * Other browsers read a comment. Only chunks whose functions nearly all run on load are marked:
 * compiling code that never runs costs memory.
 *
 * Written into the files once they are on disk (after minification, which drops comments, and after
 * Vite puts its preload helper on the first line), before the service worker's precache list and the
 * precompressed copies are made from them. The file names' hashes were computed before: the same
 * sources always give the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'balcao-compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !chunkNames.includes(file.name)) continue;
        const at = path.join(options.dir!, file.fileName);
        const code = fs.readFileSync(at, 'utf8');
        if (!code.startsWith(COMPILE_HINT)) fs.writeFileSync(at, `${COMPILE_HINT}\n${code}`);
      }
    },
  };
}
