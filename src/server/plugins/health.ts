/**
 * GET /api/health: each dependency on its own line, so an operator sees which one is down.
 *
 *   { status, database, version, dependencies: { database: { status, message? }, files: { kind, status, message? } } }
 *
 * - The database down: 503, status "indisponível", dependencies.database.message
 *   "Banco de dados indisponível." (a balancer takes the process out; requests would fail anyway).
 * - The file store down (S3 unreachable): 200, status "degradado", dependencies.files.message
 *   "Armazenamento de arquivos indisponível." (everything but uploads and downloads works, so the
 *   process stays in; alert on it).
 * Each check gives up after HEALTH_TIMEOUT_MS so the answer is always fast. No internals in it.
 */
import type { FastifyInstance } from 'fastify';
import { APP_VERSION } from '../../shared/constants';
import type { DbHandle } from '../db/client';
import type { FileStorage } from '../lib/file-storage';

const HEALTH_TIMEOUT_MS = 3_000;
export const HEALTH_MSG = {
  databaseUnavailable: 'Banco de dados indisponível.',
  filesUnavailable: 'Armazenamento de arquivos indisponível.',
} as const;

async function ok(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoute(app: FastifyInstance, opts: { db: DbHandle; files: FileStorage }): void {
  app.get('/api/health', { config: { public: true } }, async (_req, reply) => {
    const [dbOk, filesOk] = await Promise.all([ok(() => opts.db.exec('select 1')), ok(() => opts.files.check?.() ?? Promise.resolve())]);
    const body = {
      status: !dbOk ? 'indisponível' : filesOk ? 'ok' : 'degradado',
      database: opts.db.kind,
      version: APP_VERSION,
      dependencies: {
        database: dbOk ? { status: 'ok' } : { status: 'indisponível', message: HEALTH_MSG.databaseUnavailable },
        files: { kind: opts.files.kind ?? 'local', ...(filesOk ? { status: 'ok' } : { status: 'indisponível', message: HEALTH_MSG.filesUnavailable }) },
      },
    };
    return reply.status(dbOk ? 200 : 503).send(body);
  });
}
