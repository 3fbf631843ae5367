/**
 * The one place where the server keeps files (banners, imports, extracts, generated reports, images).
 * Keys are relative paths chosen by the server (never by a user's file name), such as
 * `{venueId}/donations/{uuid}.png`. The default keeps them under `{dataDir}/files`; a deployment
 * with several processes plugs in a shared implementation (S3-compatible store) behind the same
 * interface, so every process serves every file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface StoredFile {
  key: string;
  size: number;
}

export interface FileStorage {
  /** Writes a whole buffer or a stream under `key` (atomically: readers never see half a file). */
  put(key: string, body: Buffer | Readable): Promise<StoredFile>;
  /** The file's bytes as a stream, or null when there is no such key. */
  get(key: string): Promise<Readable | null>;
  /** The file's bytes in memory, or null. */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  describe(): string;
}

const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** A key is made of safe path segments: no "..", no absolute paths, no backslashes. */
export function isSafeKey(key: string): boolean {
  return key.length <= 500 && KEY_RE.test(key) && !key.split('/').some((s) => s === '..' || s === '.');
}

function assertKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** Files on the local disk under `{dataDir}/files` (a temporary folder when there is no data directory). */
export function createLocalFileStorage(dataDir: string | undefined): FileStorage {
  const root = dataDir ? path.join(dataDir, 'files') : fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-files-'));
  fs.mkdirSync(root, { recursive: true });
  const full = (key: string) => {
    assertKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const file = full(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      if (Buffer.isBuffer(body)) await fs.promises.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
      await fs.promises.rename(tmp, file);
      const { size } = await fs.promises.stat(file);
      return { key, size };
    },
    async get(key) {
      const file = full(key);
      return fs.existsSync(file) ? fs.createReadStream(file) : null;
    },
    async read(key) {
      const file = full(key);
      return fs.existsSync(file) ? fs.promises.readFile(file) : null;
    },
    async exists(key) {
      return fs.existsSync(full(key));
    },
    async delete(key) {
      await fs.promises.rm(full(key), { force: true });
    },
    describe: () => `disco local em ${root}`,
  };
}
