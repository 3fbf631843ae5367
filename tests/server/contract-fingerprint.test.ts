/**
 * Answers checked by their response schema say which contract (src/shared) they were checked against;
 * the PWA built from the same sources may then skip parsing them again (lib/api-client.ts).
 */
import { mkdtempSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractFingerprint, fingerprintOf } from '../../src/server/contract-fingerprint';
import { CONTRACT_FINGERPRINT_HEADER } from '../../src/shared/constants';
import { MSG } from '../../src/shared/messages';
import { KDS_PATHS } from '../../src/shared/orders';
import { DEMO, useTestApp } from '../setup/server';

const t = useTestApp();

describe('the contract fingerprint', () => {
  it("is the PWA build's own when both come from the same sources", () => {
    expect(contractFingerprint()).toMatch(/^[0-9a-f]{32}$/);
    // vite.config.ts defines the build's from the same src/shared (vitest runs with that config).
    expect(contractFingerprint()).toBe(__CONTRACT_FINGERPRINT__);
  });

  it('changes with any source file under src/shared (content or name), not with its tests', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-'));
    mkdirSync(join(dir, 'contract'));
    writeFileSync(join(dir, 'contract', 'orders.ts'), 'export const a = 1;');
    writeFileSync(join(dir, 'orders.ts'), 'export const LIMIT = 10;');
    const first = fingerprintOf(dir);
    expect(fingerprintOf(dir)).toBe(first);
    writeFileSync(join(dir, 'orders.test.ts'), 'it("x", () => {});');
    expect(fingerprintOf(dir)).toBe(first);
    writeFileSync(join(dir, 'orders.ts'), 'export const LIMIT = 11;');
    const changed = fingerprintOf(dir);
    expect(changed).not.toBe(first);
    renameSync(join(dir, 'contract', 'orders.ts'), join(dir, 'contract', 'order.ts'));
    expect(fingerprintOf(dir)).not.toBe(changed);
  });

  it("rides on the board's list (checked by its response schema), not on a 304 nor on an answer without a schema", async () => {
    const token = await t.login(DEMO.cozinha);
    const url = `${KDS_PATHS.list}?localClienteId=${t.seed.venues.restaurant}&modo=ativos`;
    const list = await t.app.inject({ method: 'GET', url, headers: t.auth(token) });
    expect(list.statusCode).toBe(200);
    expect(list.headers[CONTRACT_FINGERPRINT_HEADER]).toBe(contractFingerprint());
    const again = await t.app.inject({ method: 'GET', url, headers: { ...t.auth(token), 'if-none-match': String(list.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers[CONTRACT_FINGERPRINT_HEADER]).toBeUndefined();
    const config = await t.app.inject({ method: 'GET', url: '/runtime-config.json' });
    expect(config.statusCode).toBe(200);
    expect(config.headers[CONTRACT_FINGERPRINT_HEADER]).toBeUndefined();
  });

  it("rides on a refusal its route's error schema checked (the PWA reads refusals' messages as before)", async () => {
    const token = await t.login(DEMO.garcom);
    const res = await t.app.inject({ method: 'GET', url: `${KDS_PATHS.list}?localClienteId=${t.seed.venues.restaurant}&modo=ativos`, headers: t.auth(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ Message: MSG.accessDenied });
    expect(res.headers[CONTRACT_FINGERPRINT_HEADER]).toBe(contractFingerprint());
  });
});
