/**
 * The one place where the server keeps files (banners, imports, extracts, generated reports, images).
 * Keys are relative paths chosen by the server (never by a user's file name), such as
 * `{venueId}/donations/{uuid}.png`. The default keeps them under `{dataDir}/files`; a deployment
 * with several processes plugs in a shared implementation (S3-compatible store) behind the same
 * interface, so every process serves every file.
 *
 * S3 uploads stream: a body larger than one part (8 MB) goes up as a multipart upload one part at
 * a time, so a 30 MB import never sits whole in memory. When the store cannot be reached (network,
 * 5xx), its errors become FileStoreUnavailableError: the API answers a pt-BR 503 about the file
 * store (never "database unavailable") and /api/health reports it under `dependencies.files`.
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
  /** Throws when the store cannot be used now (health). Optional for test doubles. */
  check?(): Promise<void>;
  /** 'local' or 's3' (health). */
  kind?: 'local' | 's3';
}

/** The shared file store cannot be reached (network error or a 5xx from it). */
export class FileStoreUnavailableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('file store unavailable', options);
    this.name = 'FileStoreUnavailableError';
  }
}

/** S3 multipart part size (at least 5 MB except the last): also the most an upload holds in memory. */
export const S3_PART_SIZE = 8 * 1024 * 1024;

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
    kind: 'local',
    async check() {
      await fs.promises.access(root, fs.constants.W_OK);
    },
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

/** Reads a stream in chunks of up to `size` bytes (the last may be shorter). */
async function* chunksOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let length = 0;
  for await (const c of body) {
    let buf = Buffer.isBuffer(c) ? c : Buffer.from(c);
    while (length + buf.length >= size) {
      const take = size - length;
      parts.push(buf.subarray(0, take));
      yield Buffer.concat(parts);
      parts = [];
      length = 0;
      buf = buf.subarray(take);
    }
    if (buf.length) {
      parts.push(buf);
      length += buf.length;
    }
  }
  if (length) yield Buffer.concat(parts);
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Files in an S3-compatible object store, shared by every server process. */
export async function createS3FileStorage(s: S3Settings): Promise<FileStorage> {
  const {
    S3Client,
    PutObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    HeadBucketCommand,
    DeleteObjectCommand,
    CreateMultipartUploadCommand,
    UploadPartCommand,
    CompleteMultipartUploadCommand,
    AbortMultipartUploadCommand,
  } = await import('@aws-sdk/client-s3');
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
  /** Network errors and the store's 5xx are an outage of the store, not of the database. */
  const unavailable = (err: unknown): never => {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number }; $fault?: string };
    const status = e.$metadata?.httpStatusCode;
    if (status === undefined || status >= 500 || e.$fault === 'server') throw new FileStoreUnavailableError({ cause: err });
    throw err;
  };
  const send = async <T>(command: object): Promise<T> => {
    try {
      return (await client.send(command as never)) as T;
    } catch (err) {
      return unavailable(err);
    }
  };
  const get = async (key: string): Promise<Readable | null> => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
      return out.Body as Readable;
    } catch (err) {
      if (missing(err)) return null;
      return unavailable(err);
    }
  };
  return {
    async put(key, body) {
      const Key = objectKey(key);
      if (Buffer.isBuffer(body) && body.length <= S3_PART_SIZE) {
        await send(new PutObjectCommand({ Bucket: s.bucket, Key, Body: body, ContentLength: body.length }));
        return { key, size: body.length };
      }
      // One part in memory at a time; a body that fits in one part is a plain PUT.
      const stream = Buffer.isBuffer(body) ? Readable.from([body]) : body;
      const chunks = chunksOf(stream, S3_PART_SIZE);
      const first = await chunks.next();
      const head = first.done ? Buffer.alloc(0) : first.value;
      if (head.length < S3_PART_SIZE) {
        await send(new PutObjectCommand({ Bucket: s.bucket, Key, Body: head, ContentLength: head.length }));
        return { key, size: head.length };
      }
      const { UploadId } = await send<{ UploadId?: string }>(new CreateMultipartUploadCommand({ Bucket: s.bucket, Key }));
      const parts: Array<{ ETag?: string; PartNumber: number }> = [];
      let size = 0;
      try {
        let part: Buffer | undefined = head;
        for (let n = 1; part; n++) {
          const out = await send<{ ETag?: string }>(new UploadPartCommand({ Bucket: s.bucket, Key, UploadId, PartNumber: n, Body: part, ContentLength: part.length }));
          parts.push({ ETag: out.ETag, PartNumber: n });
          size += part.length;
          const next = await chunks.next();
          part = next.done ? undefined : next.value;
        }
        await send(new CompleteMultipartUploadCommand({ Bucket: s.bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
      } catch (err) {
        await client.send(new AbortMultipartUploadCommand({ Bucket: s.bucket, Key, UploadId })).catch(() => {});
        throw err;
      }
      return { key, size };
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
        return unavailable(err);
      }
    },
    async delete(key) {
      await send(new DeleteObjectCommand({ Bucket: s.bucket, Key: objectKey(key) }));
    },
    kind: 's3',
    async check() {
      await send(new HeadBucketCommand({ Bucket: s.bucket }));
    },
    describe: () => `S3 ${s.endpoint ?? 'AWS'} bucket ${s.bucket}${s.prefix ? `/${s.prefix}` : ''}`,
  };
}

/** The storage a server process uses: S3 when S3_BUCKET is set, otherwise the local disk. */
export async function createFileStorage(env: Record<string, string | undefined>, dataDir: string | undefined): Promise<FileStorage> {
  const s3 = s3SettingsFromEnv(env);
  return s3 ? createS3FileStorage(s3) : createLocalFileStorage(dataDir);
}
