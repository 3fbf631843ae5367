/**
 * Playwright global setup: the migrated database every end-to-end server starts from, the two
 * seeded ones the e2e fixture's servers copy (the shared server's demo and a spec's own server's,
 * tests/support/pglite-template.ts), and the server bundled once (scripts/bundle-server.ts), which
 * every startServer of the run starts with plain node instead of tsx.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleServer, SEEDER_BUNDLE } from '../../scripts/bundle-server';
import { isProduction } from '../../src/server/lib/sandboxes';
import { createPgliteTemplate, createSeededTemplate, OWN_SERVER_HISTORY_DAYS, SEEDED_TEMPLATES_ENV, SEEDER_BUNDLE_ENV, TEMPLATE_ENV } from './pglite-template';
import { SERVER_BUNDLE_ENV } from './server';

export default async function globalSetup() {
  const [dir, bundle] = await Promise.all([createPgliteTemplate(), bundleServer()]);
  process.env[TEMPLATE_ENV] = dir;
  process.env[SERVER_BUNDLE_ENV] = bundle;
  process.env[SEEDER_BUNDLE_ENV] = SEEDER_BUNDLE;
  const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-seeded-'));
  process.env[SEEDED_TEMPLATES_ENV] = seeded;
  // The seeding env of a spec's own server, and of the worker's shared server (tests/e2e/fixtures.ts);
  // none in production mode, where no server seeds.
  if (!isProduction(process.env)) await Promise.all([createSeededTemplate(OWN_SERVER_HISTORY_DAYS), createSeededTemplate(process.env.DEMO_SALES_HISTORY_DAYS)]);
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(seeded, { recursive: true, force: true });
  };
}
