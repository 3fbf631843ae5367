/**
 * Vite plugin: after the build (and after the service worker is generated), writes a .br and a .gz
 * beside every text asset worth compressing, so the server sends them with Content-Encoding and
 * never compresses static files at request time (@fastify/static `preCompressed`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wav)$/i;
const MIN_BYTES = 1024;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

export function precompress(outDir: string): Plugin {
  return {
    name: 'balcao-precompress',
    apply: 'build',
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = walk(outDir).filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).size >= MIN_BYTES);
        await Promise.all(
          files.map(async (file) => {
            const buf = await fs.promises.readFile(file);
            const br = zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } });
            const gz = zlib.gzipSync(buf, { level: 9 });
            if (br.length < buf.length) await fs.promises.writeFile(`${file}.br`, br);
            if (gz.length < buf.length) await fs.promises.writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}
