/**
 * The process's job queue (src/server/lib/jobs.ts) as `app.jobs`: modules define their handlers
 * while they register; the worker starts when the app is ready (every handler is known by then)
 * and stops when it closes, letting running handlers finish. The hourly cleanup of sessions and
 * rate limits (lib/cleanup.ts) is defined here.
 *
 * Env: JOBS_WORKER (`off`: enqueue only), JOBS_CONCURRENCY (4), JOBS_POLL_MS (1000),
 * JOBS_RETENTION_DAYS (7), JOBS_LEASE_MS (every job's lease; default each job's own, 30-60 s).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbHandle } from '../db/client';
import { defineCleanupJobs } from '../lib/cleanup';
import { JobQueue } from '../lib/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Durable jobs: `app.jobs.defineJob(name, handler)`; enqueue with `enqueueJob(tx, name, payload)`. */
    jobs: JobQueue;
  }
}

function num(v: string | undefined, fallback: number): number {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : fallback;
}

export const jobsPlugin = fp(
  async (app: FastifyInstance, opts: { handle: DbHandle; env: Record<string, string | undefined> }) => {
    const queue = new JobQueue(opts.handle, {
      log: app.log,
      worker: opts.env.JOBS_WORKER !== 'off',
      concurrency: num(opts.env.JOBS_CONCURRENCY, 4),
      pollMs: num(opts.env.JOBS_POLL_MS, 1000),
      retentionDays: num(opts.env.JOBS_RETENTION_DAYS, 7),
      leaseMs: opts.env.JOBS_LEASE_MS ? num(opts.env.JOBS_LEASE_MS, 30_000) : undefined,
    });
    defineCleanupJobs(queue);
    app.decorate('jobs', queue);
    app.addHook('onReady', async () => {
      await queue.start();
    });
    app.addHook('onClose', async () => {
      await queue.stop();
    });
  },
  { name: 'jobs' },
);
