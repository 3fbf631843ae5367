/**
 * Playwright global setup: the migrated database every end-to-end server starts from
 * (tests/support/pglite-template.ts) and the server bundled once (scripts/bundle-server.ts), which
 * every startServer of the run starts with plain node instead of tsx.
 */
import fs from 'node:fs';
import { bundleServer } from '../../scripts/bundle-server';
import { createPgliteTemplate, TEMPLATE_ENV } from './pglite-template';
import { SERVER_BUNDLE_ENV } from './server';

export default async function globalSetup() {
  const [dir, bundle] = await Promise.all([createPgliteTemplate(), bundleServer()]);
  process.env[TEMPLATE_ENV] = dir;
  process.env[SERVER_BUNDLE_ENV] = bundle;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
