/**
 * The durable job queue's tables (see src/server/lib/jobs.ts): one row per job, kept a while after
 * it finishes so that its dedupe key keeps working (and an operator can see what ran).
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../columns';

export const JOB_STATE = { queued: 'queued', running: 'running', done: 'done', failed: 'failed' } as const;
export type JobState = (typeof JOB_STATE)[keyof typeof JOB_STATE];

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** Dedupe key: a second enqueue of the same name and key is ignored while this row exists. */
    key: text('key'),
    state: text('state').$type<JobState>().notNull().default('queued'),
    /** When it may run (next attempt's time after a failure). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts started so far (counted when claimed). */
    attempts: integer('attempts').notNull().default(0),
    /** Null: the handler's definition decides (default 8). */
    maxAttempts: integer('max_attempts'),
    /** Lease: a running job whose lease passed (its process died) is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    /** Last error message (no customer data: handlers throw their own short messages). */
    lastError: text('last_error'),
    ...createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_name_key_idx').on(t.name, t.key),
    index('jobs_due_idx').on(t.runAt).where(sql`state in ('queued', 'running')`),
    index('jobs_finished_idx').on(t.finishedAt),
  ],
);
