/**
 * Bank accounts of a place (spec 001 §2.14, issue 24): list, create, edit, delete, the place's Pix
 * key (getVenuePixKey) and the bank data donation institutions pick.
 */
import { describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MSG as M } from '../../../src/shared/bank-accounts';
import { bankAccountList, type BankAccountInput } from '../../../src/shared/contract/bank-accounts';
import { MSG } from '../../../src/shared/messages';
import { getVenuePixKey } from '../../../src/server/modules/bank-accounts/bank-accounts.repository';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, sqlFor } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const list = (headers: Record<string, string>, localId = t.seed.venues.restaurant) =>
  t.app.inject({ method: 'GET', url: `/api/ContaBancaria/BuscarDoLocal/${localId}`, headers });
const accounts = async (headers: Record<string, string>, localId?: string) => bankAccountList.parse((await list(headers, localId)).json());
const body = (over: Partial<BankAccountInput> = {}): BankAccountInput => ({
  localClienteId: t.seed.venues.restaurant,
  codigoBanco: '260',
  agencia: '0001',
  contaBancaria: '9988776',
  digitoContaBancaria: '5',
  tipoContaBancaria: 3,
  titularConta: 'Restaurante Sabor da Casa Ltda',
  documentoContaBancaria: '12.345.678/0001-95',
  tipoChavePix: 'telefone',
  chavePix: '(11) 98765-4321',
  chavePixDoEstabelecimento: false,
  ...over,
});
const create = (headers: Record<string, string>, b: BankAccountInput) => t.app.inject({ method: 'POST', url: '/api/ContaBancaria', headers, payload: b });
const put = (headers: Record<string, string>, id: string, b: BankAccountInput) => t.app.inject({ method: 'PUT', url: `/api/ContaBancaria/${id}`, headers, payload: b });
const del = (headers: Record<string, string>, id: string) => t.app.inject({ method: 'DELETE', url: `/api/ContaBancaria/${id}`, headers });
const bankData = async (headers: Record<string, string>, localId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/Institute/BankData/${localId}`, headers })).json() as Array<{ dadoBancarioId: string; descricao: string }>;

describe('bank accounts', () => {
  it("lists the restaurant's account with its Pix key, which is the place's key", async () => {
    const h = await as(DEMO.gerente);
    const [acc] = await accounts(h);
    expect(acc).toMatchObject({
      codigoBanco: '341',
      agencia: '0912',
      contaBancaria: '45678',
      digitoContaBancaria: '3',
      tipoContaBancaria: 1,
      titularConta: 'Restaurante Sabor da Casa Ltda',
      documentoContaBancaria: '12345678000195',
      tipoChavePix: 'cnpj',
      chavePix: '12345678000195',
      chavePixDoEstabelecimento: true,
      descricao: 'Itaú — Ag. 0912 / CC 45678-3',
      instituicoes: [],
    });
    expect(await getVenuePixKey(t.db.db, t.seed.venues.restaurant)).toBe('12345678000195');
    expect(await getVenuePixKey(t.db.db, t.seed.venues.school)).toBeNull();
  });

  it('creates an account with the key in DICT form; marking it moves the place key; editing and deleting keep one key', async () => {
    const h = await as(DEMO.gerente);
    const res = await create(h, body());
    expect(res.statusCode).toBe(201);
    expect(res.json().Message).toBe(M.created);
    const id = res.json().id as string;
    let all = await accounts(h);
    expect(all.find((a) => a.id === id)).toMatchObject({ chavePix: '+5511987654321', documentoContaBancaria: '12345678000195', chavePixDoEstabelecimento: false, descricao: 'Nubank — Ag. 0001 / CPG 9988776-5' });
    expect(await getVenuePixKey(t.db.db, t.seed.venues.restaurant)).toBe('12345678000195');

    expect((await put(h, id, body({ chavePixDoEstabelecimento: true }))).json()).toEqual({ id, Message: M.saved });
    all = await accounts(h);
    expect(all.filter((a) => a.chavePixDoEstabelecimento).map((a) => a.id)).toEqual([id]);
    expect(await getVenuePixKey(t.db.db, t.seed.venues.restaurant)).toBe('+5511987654321');

    // Deleting the place's key account hands the key to the account that still has one.
    expect((await del(h, id)).json()).toEqual({ Message: M.deleted });
    expect(await getVenuePixKey(t.db.db, t.seed.venues.restaurant)).toBe('12345678000195');
    expectError(await del(h, id), 404, M.notFound);
  });

  it("the first key of a place becomes the place's key; an account without a key never is", async () => {
    const h = await as(DEMO.escola);
    const school = t.seed.venues.school;
    const noKey = await create(h, body({ localClienteId: school, tipoChavePix: null, chavePix: null }));
    expect(noKey.statusCode).toBe(201);
    expect(await getVenuePixKey(t.db.db, school)).toBeNull();
    const withKey = await create(h, body({ localClienteId: school, contaBancaria: '111', tipoChavePix: 'aleatoria', chavePix: '123E4567-E89B-42D3-A456-426614174000' }));
    expect(withKey.statusCode).toBe(201);
    expect(await getVenuePixKey(t.db.db, school)).toBe('123e4567-e89b-42d3-a456-426614174000');
  });

  it('every account is bank data a donation institution can pick; one in use is not deleted', async () => {
    const h = await as(DEMO.admin);
    const donations = t.seed.venues.donations;
    const seeded = await accounts(h, donations);
    expect(seeded.map((a) => a.descricao)).toEqual(['Banco do Brasil — Ag. 1234 / CC 56789-0', 'Caixa — Ag. 0001 / CC 12345-6']);
    expect(seeded[0].instituicoes).toEqual(['Casa de Acolhida Esperança']);
    expectError(await del(h, seeded[0].id), 409, M.inUseByInstitution(['Casa de Acolhida Esperança']));

    const res = await create(h, body({ localClienteId: donations, codigoBanco: '756', tipoChavePix: 'email', chavePix: 'Doacoes@Exemplo.org' }));
    const id = res.json().id as string;
    const options = await bankData(h, donations);
    expect(options).toContainEqual({ dadoBancarioId: id, descricao: 'Sicoob — Ag. 0001 / CPG 9988776-5' });
    // An institution picks it; the donor's Pix key is the account's.
    const inst = await t.app.inject({ method: 'GET', url: `/api/Institute/GetInstitutesByLocalCliente/${donations}`, headers: h });
    const first = inst.json()[0];
    const moved = await t.app.inject({ method: 'PUT', url: '/api/Institute', headers: h, payload: { id: first.id, localClienteId: donations, nome: first.nome, bankDataId: id, eventId: first.eventId } });
    expect(moved.statusCode).toBe(200);
    expectError(await del(h, id), 409, M.inUseByInstitution([first.nome]));
    // An edit reaches the institutions' select at once.
    await put(h, id, body({ localClienteId: donations, codigoBanco: '748', tipoChavePix: 'email', chavePix: 'doacoes@exemplo.org' }));
    expect((await bankData(h, donations)).find((o) => o.dadoBancarioId === id)!.descricao).toBe('Sicredi — Ag. 0001 / CPG 9988776-5');
  });

  it('refuses bad fields with the spec and our messages', async () => {
    const h = await as(DEMO.gerente);
    expectError(await create(h, body({ agencia: '123' })), 400, M.agency, true);
    expectError(await create(h, body({ agencia: '12a4' })), 400, M.agency, true);
    expectError(await create(h, body({ codigoBanco: '26' })), 400, M.bankCode, true);
    expectError(await create(h, body({ contaBancaria: '12-3' })), 400, M.account, true);
    expectError(await create(h, body({ digitoContaBancaria: '12' })), 400, M.digit, true);
    expectError(await create(h, body({ tipoContaBancaria: 4 })), 400, M.kind, true);
    expectError(await create(h, body({ titularConta: ' ' })), 400, M.holder, true);
    expectError(await create(h, body({ documentoContaBancaria: '12.345.678/0001-96' })), 400, M.document, true);
    expectError(await create(h, body({ tipoChavePix: 'cpf', chavePix: '111.111.111-11' })), 400, M.pixKey, true);
    expectError(await create(h, body({ tipoChavePix: 'email', chavePix: 'sem-arroba' })), 400, M.pixKey, true);
    expectError(await create(h, body({ tipoChavePix: 'telefone', chavePix: '1234' })), 400, M.pixKey, true);
    expectError(await create(h, body({ tipoChavePix: null })), 400, M.pixType, true);
    expectError(await create(h, body({ chavePix: '', chavePixDoEstabelecimento: true })), 400, M.pixDefaultNeedsKey, true);
    expectError(await create(h, body({ codigoBanco: '341', agencia: '0912', contaBancaria: '45678', digitoContaBancaria: '3' })), 409, M.duplicate, true);
    expect(await accounts(h)).toHaveLength(1);
  });

  it('is for managers only: a member without roles and the devices read nothing', async () => {
    for (const email of [DEMO.cozinha, DEMO.garcom]) {
      const device = await as(email);
      expectError(await list(device), 403, MSG.accessDenied);
      expectError(await create(device, body()), 403, MSG.accessDenied);
    }
    const [acc] = await accounts(await as(DEMO.gerente));
    await sqlFor(t, DEMO.gerente, `update memberships set roles = '' where user_id = (select id from users where email = :email)`);
    const member = await as(DEMO.gerente);
    expectError(await list(member), 403, MSG.accessDenied);
    expectError(await create(member, body()), 403, MSG.accessDenied);
    expectError(await put(member, acc.id, body()), 403, MSG.accessDenied);
    expectError(await del(member, acc.id), 403, MSG.accessDenied);
  });

  it("never reaches another place's accounts", async () => {
    const [acc] = await accounts(await as(DEMO.gerente));
    const escola = await as(DEMO.escola);
    expectError(await list(escola), 403, MSG.accessDenied);
    expectError(await create(escola, body()), 403, MSG.accessDenied);
    expectError(await put(escola, acc.id, body({ localClienteId: t.seed.venues.school })), 404, M.notFound);
    expectError(await del(escola, acc.id), 404, M.notFound);
    const admin = await as(DEMO.admin);
    expectError(await put(admin, acc.id, body({ localClienteId: t.seed.venues.school })), 403, MSG.accessDenied);
  });
});
