/**
 * Playwright global setup: the migrated database every end-to-end server starts from, the seeded
 * one the shared servers copy (tests/support/pglite-template.ts), and the server bundled once
 * (scripts/bundle-server.ts), which every startServer of the run starts with plain node instead of tsx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleServer, SEEDER_BUNDLE } from '../../scripts/bundle-server';
import { isProduction } from '../../src/server/lib/sandboxes';
import { createPgliteTemplate, createSeededTemplate, SEEDED_TEMPLATES_ENV, SEEDER_BUNDLE_ENV, TEMPLATE_ENV } from './pglite-template';
import { SERVER_BUNDLE_ENV } from './server';

export default async function globalSetup() {
  const [dir, bundle] = await Promise.all([createPgliteTemplate(), bundleServer()]);
  process.env[TEMPLATE_ENV] = dir;
  process.env[SERVER_BUNDLE_ENV] = bundle;
  process.env[SEEDER_BUNDLE_ENV] = SEEDER_BUNDLE;
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-seeded-'));
  process.env[SEEDED_TEMPLATES_ENV] = seeded;
  // The worker's shared server's demo (tests/e2e/fixtures.ts), which both workers copy at once as the
  // run begins; none in production mode, where no server seeds. A spec's own server's demo is seeded
  // when the first of them starts (copySeededTemplate): those run last, when a copy made here would
  // be older than SEEDED_TEMPLATE_MAX_AGE_MS.
  if (!isProduction(process.env)) await createSeededTemplate(process.env.DEMO_SALES_HISTORY_DAYS);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(seeded, { recursive: true, force: true });
  };
}
