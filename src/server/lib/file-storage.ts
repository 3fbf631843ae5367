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

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (`{endpoint}/{bucket}/{key}`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Prefix of every key in the bucket (several deployments may share one bucket). */
  prefix: string;
}

/** S3 settings from the environment (S3_BUCKET turns it on), or null for the local disk. */
export function s3SettingsFromEnv(env: Record<string, string | undefined>): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE !== 'false' : Boolean(env.S3_ENDPOINT),
    prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
  };
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Files in an S3-compatible object store, shared by every server process. */
export async function createS3FileStorage(s: S3Settings): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, HeadObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
  });
  const objectKey = (key: string) => {
    assertKey(key);
    return s.prefix ? `${s.prefix}/${key}` : key;
  };
  const missing = (err: unknown) => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
  };
  const get = async (key: string): Promise<Readable | null> => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
      return out.Body as Readable;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  return {
    async put(key, body) {
      const buf = await toBuffer(body);
      await client.send(new PutObjectCommand({ Bucket: s.bucket, Key: objectKey(key), Body: buf, ContentLength: buf.length }));
      return { key, size: buf.length };
    },
    get,
    async read(key) {
      const stream = await get(key);
      return stream ? toBuffer(stream) : null;
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
    },
    describe: () => `S3 ${s.endpoint ?? 'AWS'} bucket ${s.bucket}${s.prefix ? `/${s.prefix}` : ''}`,
  };
}

/** The storage a server process uses: S3 when S3_BUCKET is set, otherwise the local disk. */
export async function createFileStorage(env: Record<string, string | undefined>, dataDir: string | undefined): Promise<FileStorage> {
  const s3 = s3SettingsFromEnv(env);
  return s3 ? createS3FileStorage(s3) : createLocalFileStorage(dataDir);
}
