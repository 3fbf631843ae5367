/** s3rver ships no types: the little of it the storage tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string; configs: unknown[] }>;
  }
  export default class S3rver {
    constructor(opts: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
