import { describe, expect, it } from 'vitest';
import { saveDownload } from '../../../src/server/modules/downloads/downloads';
import { DEMO, useTestApp } from '../../setup/server';

const t = useTestApp();

describe('GET api/download/file', () => {
  it('serves a generated file to a member of its venue, with its name', async () => {
    const token = await t.login(DEMO.gerente);
    const saved = await saveDownload(t.files, t.seed.venues.restaurant, 'customers', 'Relatório de doadores.xlsx', 'xlsx', Buffer.from('abc'));
    expect(saved.RelativePath).toMatch(new RegExp(`^downloads/${t.seed.venues.restaurant}/customers/[0-9a-f-]{36}\\.xlsx$`));
    const res = await t.app.inject({ url: `/api/download/file?filename=${encodeURIComponent(saved.FileName)}&relativepath=${saved.RelativePath}`, headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('abc');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Relat%C3%B3rio%20de%20doadores.xlsx");
    const gone = `downloads/${t.seed.venues.restaurant}/customers/00000000-0000-4000-8000-000000000000.xlsx`;
    const missing = await t.app.inject({ url: `/api/download/file?relativepath=${gone}`, headers: t.auth(token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toBe('Arquivo não encontrado.');
  });

  it('refuses another venue, path tricks and anonymous callers', async () => {
    const token = await t.login(DEMO.escola);
    const other = `downloads/${t.seed.venues.restaurant}/00000000-0000-4000-8000-000000000000.xlsx`;
    expect((await t.app.inject({ url: `/api/download/file?relativepath=${other}`, headers: t.auth(token) })).statusCode).toBe(403);
    const trick = await t.app.inject({ url: `/api/download/file?relativepath=${encodeURIComponent('../../etc/passwd')}`, headers: t.auth(token) });
    expect(trick.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/download/file?relativepath=${other}` })).statusCode).toBe(401);
    const noPath = await t.app.inject({ url: `/api/download/file`, headers: t.auth(token) });
    expect(noPath.statusCode).toBe(400);
  });

  it("limits each file to the roles of the page that produced it; a shared device fetches none", async () => {
    const venue = t.seed.venues.restaurant;
    const url = (p: string) => `/api/download/file?relativepath=${p}`;
    const remittance = await saveDownload(t.files, venue, 'remittance', 'remessa.rem', 'rem', Buffer.from('REM'));
    const customers = await saveDownload(t.files, venue, 'customers', 'clientes.csv', 'csv', Buffer.from('CSV'));
    // The manager holds every venue role but not the finance tools' AdminPortal: no remittance file.
    const manager = await t.login(DEMO.gerente);
    expect((await t.app.inject({ url: url(remittance.RelativePath), headers: t.auth(manager) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: url(customers.RelativePath), headers: t.auth(manager) })).statusCode).toBe(200);
    const admin = await t.login(DEMO.admin);
    const ok = await t.app.inject({ url: url(remittance.RelativePath), headers: t.auth(admin) });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('REM');
    // The kitchen tablet and the waiter phone are members of the place, and still get nothing.
    for (const device of [DEMO.cozinha, DEMO.garcom]) {
      const res = await t.app.inject({ url: url(customers.RelativePath), headers: t.auth(await t.login(device)) });
      expect(res.statusCode, device).toBe(403);
      expect(res.json().Message).toBeTruthy();
    }
    // An unknown scope is no file at all.
    const forged = customers.RelativePath.replace('/customers/', '/bogus/');
    expect((await t.app.inject({ url: url(forged), headers: t.auth(admin) })).statusCode).toBe(404);
  });
});
