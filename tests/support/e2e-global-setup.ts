/** Playwright global setup: the migrated database every end-to-end server starts from (tests/support/pglite-template.ts). */
import fs from 'node:fs';
import { createPgliteTemplate, TEMPLATE_ENV } from './pglite-template';

export default async function globalSetup() {
  const dir = await createPgliteTemplate();
  process.env[TEMPLATE_ENV] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
