import { describe, expect, it } from 'vitest';
import { DEMO_ACCREDITATION } from '../../../src/server/modules/accreditation/accreditation.seed';
import { DEMO, useTestApp } from '../../setup/server';

const t = useTestApp();
const get = (token: string, url: string) => t.app.inject({ url, headers: t.auth(token) });
const post = (token: string, url: string, payload?: object, key?: string) =>
  t.app.inject({ method: 'POST', url, headers: { ...t.auth(token), ...(key ? { 'idempotency-key': key } : {}) }, ...(payload ? { payload } : {}) });

describe('weekly maintenance', () => {
  it('stops once with the spec’s message; the key replays; a second stop is refused', async () => {
    const token = await t.login(DEMO.admin);
    expect((await get(token, '/api/databasemaintenance/status')).json().IsRunning).toBe(true);
    const res = await post(token, '/api/databasemaintenance/stopprogrammedmaintenance', undefined, 'parar-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().Message).toBe('Manutenção interrompida com sucesso');
    const status = (await get(token, '/api/databasemaintenance/status')).json();
    expect(status).toMatchObject({ IsRunning: false, StoppedBy: 'Ana Administradora' });
    const replay = await post(token, '/api/databasemaintenance/stopprogrammedmaintenance', undefined, 'parar-1');
    expect(replay.statusCode).toBe(200);
    expect((await get(token, '/api/databasemaintenance/status')).json().StoppedAt).toBe(status.StoppedAt);
    const again = await post(token, '/api/databasemaintenance/stopprogrammedmaintenance', undefined, 'parar-2');
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('A manutenção semanal já está interrompida.');
  });

  it('needs GerenciaManutencaoSemanal', async () => {
    const gerente = await t.login(DEMO.gerente);
    expect((await post(gerente, '/api/databasemaintenance/stopprogrammedmaintenance')).statusCode).toBe(403);
    expect((await get(gerente, '/api/databasemaintenance/status')).statusCode).toBe(403);
    expect((await get(await t.login(DEMO.admin), '/api/databasemaintenance/status')).json().IsRunning).toBe(true);
  });
});

describe('terminals, credential status and logs', () => {
  it('lists the venue’s 40 terminals with counts and the current acquirer', async () => {
    const token = await t.login(DEMO.admin);
    const res = await get(token, `/api/Admin/GetPayStoreAllTerminalsInformation?localClienteId=${t.seed.venues.restaurant}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Terminals).toHaveLength(DEMO_ACCREDITATION.terminals);
    expect(body.AvailableTerminalsCount + body.LinkedTerminalsCount).toBe(40);
    expect(body).toMatchObject({ PayStoreMerchantId: '100245871', CurrentAcquirer: 3, LinkedTerminalsCount: 32 });
    expect(body.Terminals[0]).toMatchObject({ PayStoreTerminalName: 'POS 01', PatrimonyMeep: 'MEEP-03001' });
    expect((await get(token, `/api/Admin/GetPayStoreAllTerminalsInformation?localClienteId=x`)).statusCode).toBe(400);
    expect((await get(await t.login(DEMO.gerente), `/api/Admin/GetPayStoreAllTerminalsInformation?localClienteId=${t.seed.venues.restaurant}`)).statusCode).toBe(403);
    expect((await get(await t.login(DEMO.escola), `/api/Admin/GetPayStoreAllTerminalsInformation?localClienteId=${t.seed.venues.restaurant}`)).statusCode).toBe(403);
  });

  it('shows the credential status of a venue, for support only', async () => {
    const token = await t.login(DEMO.admin);
    const res = await get(token, `/api/Admin/GetMPPAgamentosAccreditationInformation?localClienteId=${t.seed.venues.restaurant}`);
    expect(res.json()).toMatchObject({
      LocalClienteName: 'Restaurante Sabor da Casa', LocalClienteDocument: DEMO_ACCREDITATION.restaurantDocument, CredentialStatus: 1,
      LinkedCredential: { EventCredential: 'EVT-2026-0481' },
    });
    expect((await get(token, `/api/Admin/GetMPPAgamentosAccreditationInformation?localClienteId=${t.seed.venues.donations}`)).json()).toMatchObject({ CredentialStatus: null, LinkedCredential: null });
    const suporte = await t.login(DEMO.suporte);
    expect((await get(suporte, `/api/Admin/GetMPPAgamentosAccreditationInformation?localClienteId=${t.seed.venues.restaurant}`)).statusCode).toBe(200);
    expect((await get(suporte, `/api/Admin/GetMPPAgamentosAccreditationInformation?localClienteId=${t.seed.venues.school}`)).statusCode).toBe(403);
    expect((await get(await t.login(DEMO.gerente), `/api/Admin/GetAccreditationLogs/${t.seed.venues.restaurant}`)).statusCode).toBe(403);
    expect((await get(token, `/api/Admin/GetAccreditationLogs/${t.seed.venues.restaurant}`)).json().length).toBeGreaterThanOrEqual(3);
  });
});

describe('latest proposals and credential monitor', () => {
  it('lists the latest proposals of the network, newest first, for AdminPortal', async () => {
    const token = await t.login(DEMO.admin);
    const list = (await get(token, '/api/MPPagamentosCredentials/BuscarUltimasPropostas')).json();
    expect(list.length).toBeGreaterThan(30);
    expect(new Set(list.map((p: { Status: number }) => p.Status))).toEqual(new Set([0, 1, 2]));
    const dates = list.map((p: { DataCredenciamento: string }) => Date.parse(p.DataCredenciamento));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect((await get(await t.login(DEMO.gerente), '/api/MPPagamentosCredentials/BuscarUltimasPropostas')).statusCode).toBe(403);
  });

  it('pages the credential monitor 0-based with the allowed sizes and filters', async () => {
    const token = await t.login(DEMO.admin);
    const first = (await get(token, '/api/MPPagamentosCredentials/CredenciaisVencendo?page=0&pageSize=25')).json();
    expect(first.TotalRecords).toBe(DEMO_ACCREDITATION.credentials);
    expect(first.Records).toHaveLength(25);
    const last = (await get(token, '/api/MPPagamentosCredentials/CredenciaisVencendo?page=4&pageSize=25')).json();
    expect(last.Records).toHaveLength(20);
    const pages = await Promise.all([0, 1, 2, 3, 4].map((p) => get(token, `/api/MPPagamentosCredentials/CredenciaisVencendo?page=${p}&pageSize=25`)));
    const docs = pages.flatMap((r) => r.json().Records.map((c: { NomePortal: string; TipoAdquirente: number; DataCredenciamento: string }) => `${c.NomePortal}|${c.TipoAdquirente}|${c.DataCredenciamento}`));
    expect(new Set(docs).size).toBe(120);
    expect((await get(token, '/api/MPPagamentosCredentials/CredenciaisVencendo')).json().Records).toHaveLength(25);
    const bad = await get(token, '/api/MPPagamentosCredentials/CredenciaisVencendo?page=0&pageSize=30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Tamanho de página inválido.');
    const byDoc = (await get(token, `/api/MPPagamentosCredentials/CredenciaisVencendo?documentoLojista=11.222.333/0001-81`)).json();
    expect(byDoc.TotalRecords).toBe(1);
    expect(byDoc.Records[0].NomePortal).toBe('Restaurante Sabor da Casa');
    const byAcq = (await get(token, '/api/MPPagamentosCredentials/CredenciaisVencendo?tipoAdquirente=15&pageSize=100')).json();
    expect(byAcq.Records.every((c: { TipoAdquirente: number }) => c.TipoAdquirente === 15)).toBe(true);
    expect((await get(token, '/api/MPPagamentosCredentials/CredenciaisVencendo?nomePortal=padaria')).json().TotalRecords).toBe(10);
    expect((await get(await t.login(DEMO.gerente), '/api/MPPagamentosCredentials/CredenciaisVencendo')).statusCode).toBe(403);
  });
});

describe('merchant data and MCC', () => {
  it('shows the merchant data; fetches the MCC from the sandbox when missing; manual add when none', async () => {
    const token = await t.login(DEMO.admin);
    const data = (await get(token, `/api/MPPagamentosCompliance/SubAcquirer/${t.seed.venues.restaurant}`)).json();
    expect(data).toMatchObject({ Name: 'Restaurante Sabor da Casa', Mcc: '5812', Document: DEMO_ACCREDITATION.restaurantDocument, UF: 'SP' });
    // The school: the sandbox knows its MCC.
    expect((await get(token, `/api/MPPagamentosCompliance/SubAcquirer/${t.seed.venues.school}`)).json().Mcc).toBeNull();
    const found = await post(token, `/api/MPPagamentosCompliance/GetMcc/${t.seed.venues.school}`);
    expect(found.json().Mcc).toMatch(/^\d{4}$/);
    expect((await get(token, `/api/MPPagamentosCompliance/SubAcquirer/${t.seed.venues.school}`)).json().Mcc).toBe(found.json().Mcc);
    // The institute: none found, then typed.
    const none = await post(token, `/api/MPPagamentosCompliance/GetMcc/${t.seed.venues.donations}`);
    expect(none.json()).toEqual({ Mcc: null });
    const bad = await post(token, '/api/MPPagamentosCompliance/AdicionarMccManual', { LocalClienteId: t.seed.venues.donations, MCC: 12345 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('MCC deve conter 4 números.');
    expect((await get(token, `/api/MPPagamentosCompliance/SubAcquirer/${t.seed.venues.donations}`)).json().Mcc).toBeNull();
    const ok = await post(token, '/api/MPPagamentosCompliance/AdicionarMccManual', { LocalClienteId: t.seed.venues.donations, MCC: 8398 }, 'mcc-1');
    expect(ok.json().Message).toBe('MCC salvo com sucesso!');
    expect((await post(token, '/api/MPPagamentosCompliance/AdicionarMccManual', { LocalClienteId: t.seed.venues.donations, MCC: 8398 }, 'mcc-1')).statusCode).toBe(200);
    const twice = await post(token, '/api/MPPagamentosCompliance/AdicionarMccManual', { LocalClienteId: t.seed.venues.donations, MCC: 5812 });
    expect(twice.statusCode).toBe(409);
    expect((await get(token, `/api/MPPagamentosCompliance/SubAcquirer/${t.seed.venues.donations}`)).json().Mcc).toBe('8398');
    const gerente = await t.login(DEMO.gerente);
    expect((await get(gerente, `/api/MPPagamentosCompliance/SubAcquirer/${t.seed.venues.restaurant}`)).statusCode).toBe(403);
    expect((await post(gerente, '/api/MPPagamentosCompliance/AdicionarMccManual', { LocalClienteId: t.seed.venues.restaurant, MCC: 1234 })).statusCode).toBe(403);
    expect((await get(await t.login(DEMO.escola), `/api/MPPagamentosCompliance/SubAcquirer/${t.seed.venues.restaurant}`)).statusCode).toBe(403);
  });
});

describe('binding queue', () => {
  it('lists the queue, searches by patrimony and binds once', async () => {
    const token = await t.login(DEMO.admin);
    const all = (await get(token, '/api/Equipamento/UltimasVinculacoes')).json();
    expect(all).toHaveLength(DEMO_ACCREDITATION.bindings);
    const one = (await get(token, '/api/Equipamento/UltimasVinculacoes?patrimonio=MEEP-05003')).json();
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({ Patrimonio: 'MEEP-05003', EhTerminalAtivo: false });
    const res = await post(token, `/api/Equipamento/ConcluirVinculacao/${one[0].Id}`, undefined, 'vinc-1');
    expect(res.json().Message).toBe('Vinculação concluída com sucesso!');
    expect((await post(token, `/api/Equipamento/ConcluirVinculacao/${one[0].Id}`, undefined, 'vinc-1')).statusCode).toBe(200);
    const again = await post(token, `/api/Equipamento/ConcluirVinculacao/${one[0].Id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('Este terminal já está vinculado.');
    expect((await get(token, '/api/Equipamento/UltimasVinculacoes?patrimonio=MEEP-05003')).json()[0].EhTerminalAtivo).toBe(true);
    expect((await post(token, '/api/Equipamento/ConcluirVinculacao/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(token, '/api/Equipamento/UltimasVinculacoes?patrimonio=%25')).json()).toEqual([]);
    const gerente = await t.login(DEMO.gerente);
    expect((await get(gerente, '/api/Equipamento/UltimasVinculacoes')).statusCode).toBe(403);
    expect((await post(gerente, `/api/Equipamento/ConcluirVinculacao/${all[1].Id}`)).statusCode).toBe(403);
  });
});
