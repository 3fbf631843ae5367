// The API server as one ES module (dist/test-server/main.mjs), for the end-to-end tests: each of the
// ~27 servers a Playwright run starts then loads one file with plain node instead of having tsx
// transpile the whole src/server graph again (≈3 s of CPU per start). npm packages stay imports
// (resolved from the repository's node_modules, which is why the file lives inside the repository).
//
// Five server modules find files next to their source with `import.meta.url` (the migrations, the
// localities, the print agent's entry, the cashless import worker, the contract's shared folder):
// in the bundle each keeps its own source file's URL, so every path stays what it is under tsx.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import type { Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(root, 'dist', 'test-server');
export const SERVER_BUNDLE = path.join(OUT_DIR, 'main.mjs');
/** Bundled beside it: the seeder of the run's seeded template databases (tests/support/pglite-template.ts). */
export const SEEDER_BUNDLE = path.join(OUT_DIR, 'seed-pglite-template.mjs');

/** Replaces `import.meta.url` in our own sources by that source file's URL. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

export async function bundleServer(): Promise<string> {
  await esbuild.build({
    entryPoints: {
      main: path.join(root, 'src', 'server', 'main.ts'),
      'seed-pglite-template': path.join(root, 'tests', 'support', 'seed-pglite-template.ts'),
    },
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [ownImportMetaUrl],
  });
  return SERVER_BUNDLE;
}

// `node --import tsx scripts/bundle-server.ts` builds it alone.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  console.log(`${await bundleServer()} (${Math.round(performance.now() - t0)} ms)`);
}
