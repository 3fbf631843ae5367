import { describe, expect, it } from 'vitest';
import { DEMO_ACCREDITATION } from '../../../src/server/modules/accreditation/accreditation.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { CONTACT } from './contact';

const t = useTestApp();

const info = (token: string, venue: string) => t.app.inject({ url: `/api/MPPagamentosCredentials/GetAccreditationInformation/${venue}`, headers: t.auth(token) });
const activate = (token: string, id: string, key?: string) =>
  t.app.inject({ method: 'POST', url: `/api/MPPagamentosCredentials/TrocarAdquirente/${id}`, headers: { ...t.auth(token), ...(key ? { 'idempotency-key': key } : {}) } });
const accredit = (token: string, body: unknown, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/MPPagamentosCredentials/AccreditationMerchant', headers: { ...t.auth(token), ...(key ? { 'idempotency-key': key } : {}) }, payload: body as object });
const logs = (token: string, venue: string) => t.app.inject({ url: `/api/Admin/GetAccreditationLogs/${venue}`, headers: t.auth(token) });

type P = { Id: string; AcquirerId: number; Status: number; IsActiveProposal: boolean; Message: string | null };

const DEPARTMENT = { CompanyType: 7, DepartmentName: 'Instituto', FoundationDate: '05/10/2001', MerchantBusinessHours: 8, MovingPayDepartmentId: null };

describe('accreditation page: information and proposals', () => {
  it('answers the venue’s document, merchant id, terminals and proposals in each state', async () => {
    const token = await t.login(DEMO.admin);
    const res = await info(token, t.seed.venues.restaurant);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ Document: DEMO_ACCREDITATION.restaurantDocument, PayStoreMerchantId: '100245871', IsMeepTransactional: true, PayStoreQuantityTids: 40 });
    const states = body.ProposalList.map((p: P) => [p.AcquirerId, p.Status, p.IsActiveProposal]);
    expect(states).toEqual(expect.arrayContaining([[3, 1, true], [4, 1, false], [10, 0, false], [15, 2, false]]));
    expect(body.ProposalList.find((p: P) => p.AcquirerId === 15).Message).toContain('ilegível');
  });

  it('needs CredenciamentoMPPagamentos in that venue', async () => {
    expect((await info(await t.login(DEMO.gerente), t.seed.venues.restaurant)).statusCode).toBe(403);
    expect((await info(await t.login(DEMO.escola), t.seed.venues.restaurant)).statusCode).toBe(403);
    expect((await info(await t.login(DEMO.admin), 'nao-e-uuid')).statusCode).toBe(400);
  });

  it('activates an approved proposal once; the key replays; other states are refused', async () => {
    const token = await t.login(DEMO.admin);
    const list: P[] = (await info(token, t.seed.venues.restaurant)).json().ProposalList;
    const approved = list.find((p) => p.AcquirerId === 4)!;
    const first = await activate(token, approved.Id, 'ativar-4');
    expect(first.statusCode).toBe(200);
    expect(first.json().Message).toBe('Adquirente ativado com sucesso!');
    const after: P[] = (await info(token, t.seed.venues.restaurant)).json().ProposalList;
    expect(after.filter((p) => p.IsActiveProposal).map((p) => p.AcquirerId)).toEqual([4]);
    const auditBefore = (await logs(token, t.seed.venues.restaurant)).json().length;
    // The same key replays the answer and changes nothing.
    const replay = await activate(token, approved.Id, 'ativar-4');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect((await logs(token, t.seed.venues.restaurant)).json()).toHaveLength(auditBefore);
    // A new key: already active.
    const again = await activate(token, approved.Id, 'ativar-4-de-novo');
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('Esta proposta já é o adquirente ativo.');
    // Pending and rejected proposals cannot be activated.
    for (const acq of [10, 15]) {
      const res = await activate(token, list.find((p) => p.AcquirerId === acq)!.Id);
      expect(res.statusCode).toBe(409);
      expect(res.json().Message).toBe('Só uma proposta aprovada pode ser ativada.');
    }
    const still: P[] = (await info(token, t.seed.venues.restaurant)).json().ProposalList;
    expect(still.filter((p) => p.IsActiveProposal).map((p) => p.AcquirerId)).toEqual([4]);
    // The audit says who and when.
    const audit = (await logs(token, t.seed.venues.restaurant)).json();
    expect(audit[0]).toMatchObject({ Action: 'proposal.activate', UserName: 'Ana Administradora' });
    expect(Date.now() - Date.parse(audit[0].CreatedAt)).toBeLessThan(60_000);
  });

  it('refuses activation to the wrong role, another venue and an unknown proposal; a reused key with another request is 422', async () => {
    const admin = await t.login(DEMO.admin);
    const list: P[] = (await info(admin, t.seed.venues.restaurant)).json().ProposalList;
    const approved = list.find((p) => p.AcquirerId === 4)!;
    expect((await activate(await t.login(DEMO.gerente), approved.Id)).statusCode).toBe(403);
    // Another place's proposal answers like an unknown one (issue 37).
    expect((await activate(await t.login(DEMO.escola), approved.Id)).statusCode).toBe(404);
    expect((await activate(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await activate(admin, approved.Id, 'k1')).statusCode).toBe(200);
    const other = await activate(admin, list.find((p) => p.AcquirerId === 3)!.Id, 'k1');
    expect(other.statusCode).toBe(422);
    const bad = await activate(admin, approved.Id, 'chave com espaço');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Message).toBe('Idempotency-Key inválida (use de 1 a 200 caracteres visíveis).');
    // The one rule's table (lib/once.ts): the key is the user's, stored with its answer.
    const stored = (await t.db.db.execute(`select scope, state, status_code from command_keys where key = 'k1'`)) as unknown as { rows: unknown[] };
    expect(stored.rows).toEqual([{ scope: expect.stringMatching(/^user:/), state: 'done', status_code: 200 }]);
  });

  it('accredits with the picker rules: Adiq blocked while pending, 15 allowed after its rejection', async () => {
    const token = await t.login(DEMO.admin);
    const blocked = await accredit(token, { LocalClienteId: t.seed.venues.restaurant, Acquirers: [10] });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().Message).toBe('Já existe uma proposta pendente para este adquirente.');
    const before = (await info(token, t.seed.venues.restaurant)).json().ProposalList.length;
    const empty = await accredit(token, { LocalClienteId: t.seed.venues.restaurant, Acquirers: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('Escolha ao menos um adquirente.');
    expect((await accredit(token, { LocalClienteId: t.seed.venues.restaurant, Acquirers: [99] })).json().Message).toBe('Adquirente inválido.');
    expect((await info(token, t.seed.venues.restaurant)).json().ProposalList).toHaveLength(before);
    const ok = await accredit(token, { LocalClienteId: t.seed.venues.restaurant, Acquirers: [15] }, 'cred-15');
    expect(ok.statusCode).toBe(200);
    const created = ok.json().ProposalList.filter((p: P) => p.AcquirerId === 15 && p.Status === 0);
    expect(created).toHaveLength(1);
    const replay = await accredit(token, { LocalClienteId: t.seed.venues.restaurant, Acquirers: [15] }, 'cred-15');
    expect(replay.statusCode).toBe(200);
    expect((await info(token, t.seed.venues.restaurant)).json().ProposalList).toHaveLength(before + 1);
    // Now 15 has a pending proposal: blocked.
    const again = await accredit(token, { LocalClienteId: t.seed.venues.restaurant, Acquirers: [15] });
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe('Este adquirente já tem uma proposta pendente ou aprovada.');
    // The school already has 15 pending.
    expect((await accredit(token, { LocalClienteId: t.seed.venues.school, Acquirers: [15] })).statusCode).toBe(409);
    expect((await accredit(await t.login(DEMO.gerente), { LocalClienteId: t.seed.venues.restaurant, Acquirers: [3] })).statusCode).toBe(403);
  });

  it('saves the contact and department forms with the spec’s messages, then accredits', async () => {
    const token = await t.login(DEMO.admin);
    const venue = t.seed.venues.donations;
    // Without contact and department the institute cannot be accredited yet.
    const early = await accredit(token, { LocalClienteId: venue, Acquirers: [3] });
    expect(early.statusCode).toBe(409);
    expect(early.json().Message).toBe('Salve o contato e os dados do estabelecimento antes de credenciar.');
    const bad = await t.app.inject({
      method: 'POST', url: '/api/Admin/UpdateContactLocalCliente', headers: t.auth(token),
      payload: { ...CONTACT, LocalClienteId: venue, ContactName: 'Jo', Document: '123', Telephone: '12', BirthDate: '31/02/2000', Email: '' },
    });
    expect(bad.statusCode).toBe(400);
    const messages = bad.json().errors.map((e: { path: string; message: string }) => `${e.path}:${e.message}`);
    expect(messages).toEqual(expect.arrayContaining([
      expect.stringMatching(/ContactName:Nome muito curto/), expect.stringMatching(/Document:CPF inválido/), expect.stringMatching(/Telephone:Telefone inválido/),
      expect.stringMatching(/BirthDate:Formato de data inválido/), expect.stringMatching(/Email:Obrigatório/),
    ]));
    expect((await t.app.inject({ url: `/api/Admin/GetContactLocalCliente?localClienteId=${venue}`, headers: t.auth(token) })).json()).toBeNull();
    const saved = await t.app.inject({ method: 'POST', url: '/api/Admin/UpdateContactLocalCliente', headers: t.auth(token), payload: { ...CONTACT, LocalClienteId: venue } });
    expect(saved.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/Admin/GetContactLocalCliente?localClienteId=${venue}`, headers: t.auth(token) })).json())
      .toMatchObject({ ContactName: 'Joana Prado', Document: '52998224725', BirthDate: '1984-03-12', Telephone: '987654321' });
    const badDept = await t.app.inject({ method: 'POST', url: '/api/Admin/CreateOrUpdateMerchantBusinessInformation', headers: t.auth(token), payload: { ...DEPARTMENT, LocalClienteId: venue, CompanyType: 99, FoundationDate: '2001-13-40' } });
    expect(badDept.statusCode).toBe(400);
    expect(badDept.json().errors.map((e: { message: string }) => e.message)).toEqual(expect.arrayContaining(['Obrigatório', 'Formato de data inválido']));
    const dept = await t.app.inject({ method: 'POST', url: '/api/Admin/CreateOrUpdateMerchantBusinessInformation', headers: t.auth(token), payload: { ...DEPARTMENT, LocalClienteId: venue } });
    expect(dept.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/Admin/GetMerchantBusinessInformation?localClienteId=${venue}`, headers: t.auth(token) })).json()).toMatchObject({ CompanyType: 7, FoundationDate: '2001-10-05' });
    const ok = await accredit(token, { LocalClienteId: venue, Acquirers: [3, 10] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().ProposalList.map((p: P) => p.AcquirerId).sort()).toEqual([10, 3]);
    // Wrong role and another venue for the forms.
    const gerente = await t.login(DEMO.gerente);
    expect((await t.app.inject({ method: 'POST', url: '/api/Admin/UpdateContactLocalCliente', headers: t.auth(gerente), payload: { ...CONTACT, LocalClienteId: t.seed.venues.restaurant } })).statusCode).toBe(403);
    const escola = await t.login(DEMO.escola);
    expect((await t.app.inject({ url: `/api/Admin/GetMerchantBusinessInformation?localClienteId=${t.seed.venues.restaurant}`, headers: t.auth(escola) })).statusCode).toBe(403);
  });

  it('gives the management URL of a company from the sandbox, and the spec’s message otherwise', async () => {
    const token = await t.login(DEMO.admin);
    const res = await t.app.inject({ url: `/api/MPPagamentosCredentials/ObterUrlGestao/${DEMO_ACCREDITATION.restaurantDocument}`, headers: t.auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().Url).toBe(`https://sandbox.credenciamento.balcao.dev/gestao/${DEMO_ACCREDITATION.restaurantDocument}`);
    const unknown = await t.app.inject({ url: '/api/MPPagamentosCredentials/ObterUrlGestao/52998224725', headers: t.auth(token) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Message).toBe('Não foi possível obter a URL de gestão');
    const gerente = await t.login(DEMO.gerente);
    expect((await t.app.inject({ url: `/api/MPPagamentosCredentials/ObterUrlGestao/${DEMO_ACCREDITATION.restaurantDocument}`, headers: t.auth(gerente) })).statusCode).toBe(403);
    const provider = await t.app.inject({ url: '/api/MPPagamentosCredentials/Provedor', headers: t.auth(token) });
    expect(provider.json()).toEqual({ provider: 'Sandbox', sandbox: true, notConfigured: null });
  });
});
