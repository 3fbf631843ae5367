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
 *
 * Anonymous callers get only `{ status }` (same HTTP status): the version and the database kind help
 * an attacker more than a load balancer. The whole body goes to an Admin's token or to
 * `Authorization: Bearer <HEALTH_TOKEN>` (the monitoring's own secret; docs/operations.md).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_VERSION } from '../../shared/constants';
import type { DbHandle } from '../db/client';
import type { FileStorage } from '../lib/file-storage';
import { bearerToken } from './auth';

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

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether the caller may see the details: an Admin's session, or HEALTH_TOKEN (when set, 16+ characters). */
function mayReadDetails(req: FastifyRequest, healthToken: string | undefined): boolean {
  if (req.user?.isAdmin) return true;
  const token = bearerToken(req);
  return !!(healthToken && healthToken.length >= 16 && token && sameSecret(token, healthToken));
}

export function healthRoute(app: FastifyInstance, opts: { db: DbHandle; files: FileStorage; env?: Record<string, string | undefined> }): void {
  const healthToken = (opts.env ?? process.env).HEALTH_TOKEN?.trim() || undefined;
  app.get('/api/health', { config: { public: true } }, async (req, reply) => {
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
    reply.header('cache-control', 'no-store');
    return reply.status(dbOk ? 200 : 503).send(mayReadDetails(req, healthToken) ? body : { status: body.status });
  });
}
