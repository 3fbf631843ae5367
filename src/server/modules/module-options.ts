import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import type { FileStorage } from '../lib/file-storage';
import type { Mailer } from '../lib/mailer';

/** What every module plugin receives from buildApp. */
export interface ModuleOptions {
  db: DbHandle;
  mailer: Mailer;
  /** dataDir: where a module keeps files (uploads); absent in API tests unless they set one. */
  config: Partial<Config> & { publicUrl: string };
  /** Where modules keep files (uploads, imports, generated reports): see lib/file-storage.ts. */
  files: FileStorage;
  /** Module settings such as adapters' base URLs (document each variable in the README). */
  env: Record<string, string | undefined>;
}
