/**
 * Proposals to acquirers exactly once (issue 36) against a loopback accreditation provider written
 * from its contract (tests/support/fake-accreditation.ts): the provider always receives our proposal
 * row's id as Idempotency-Key and is never called inside a transaction; the same key twice or racing
 * twins send each proposal once; a provider answering after our timeout leaves the proposal "em
 * verificação" (202 with the place's current information), a retry with the same key sends nothing,
 * the settle job asks GET /proposals/{key} and records the answer; a request lost on the way is sent
 * again by the job with the same key; a refusal is recorded with the provider's reason.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../setup/server';
import { startFakeAccreditation, type FakeAccreditation } from '../../support/fake-accreditation';
import { useFakeProvider } from '../helpers';

let acc: FakeAccreditation;
useFakeProvider(startFakeAccreditation, (p) => ({ ACCREDITATION_PROVIDER_URL: p.url, ACCREDITATION_PROVIDER_TOKEN: 'acc-token', ACCREDITATION_PROVIDER_TIMEOUT_MS: '2000' }), (p) => (acc = p));

const t = useTestApp();

type P = { Id: string; AcquirerId: number; ProposalId: string; Status: number; Message: string | null; Checking?: boolean };
type Info = { Message?: string; ProposalList: P[] };

const accredit = (token: string, body: unknown, key?: string) =>
  t.app.inject({ method: 'POST', url: '/api/MPPagamentosCredentials/AccreditationMerchant', headers: { ...t.auth(token), ...(key ? { 'idempotency-key': key } : {}) }, payload: body as object });
const info = async (token: string) => (await t.app.inject({ url: `/api/MPPagamentosCredentials/GetAccreditationInformation/${t.seed.venues.restaurant}`, headers: t.auth(token) })).json() as Info;
async function rows<T>(query: string): Promise<T[]> {
  return ((await t.db.db.execute(query)) as unknown as { rows: T[] }).rows;
}
/** Makes the settle jobs due now (as if the provider's timeout had passed) and runs them. */
async function runSettleJobs() {
  await t.db.db.execute(`update jobs set run_at = now() where name = 'accreditation.proposal-settle' and state = 'queued'`);
  await t.app.jobs.runDue();
}
const body = (acquirers: number[]) => ({ LocalClienteId: t.seed.venues.restaurant, Acquirers: acquirers });
const newOnes = (before: Info, after: Info) => after.ProposalList.filter((p) => !before.ProposalList.some((b) => b.Id === p.Id));

describe('proposals to acquirers exactly once', () => {
  it('the same key twice: one POST with our proposal id as its key, the same answer replayed', async () => {
    acc.reset();
    const token = await t.login(DEMO.admin);
    const before = await info(token);
    const first = await accredit(token, body([3]), 'prop-twice-1');
    expect(first.statusCode).toBe(200);
    const [created] = newOnes(before, first.json());
    expect(created).toMatchObject({ AcquirerId: 3, Status: 0, ProposalId: 'PRP-3-0000001' });
    expect(created.Checking).toBeUndefined();
    expect(acc.posts).toEqual([{ key: created.Id, acquirerId: 3 }]);
    const replay = await accredit(token, body([3]), 'prop-twice-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(acc.posts).toHaveLength(1);
    const [line] = await rows<{ description: string }>(`select description from acc_audit where action = 'proposal.create' order by created_at desc limit 1`);
    expect(line.description).toBe('Proposta PRP-3-0000001 enviada para Adquirente 3 (cartões)');
    // The same key with another request is refused and sends nothing.
    const mismatch = await accredit(token, body([4]), 'prop-twice-1');
    expect(mismatch.statusCode).toBe(422);
    expect(acc.posts).toHaveLength(1);
  });

  it('6 racing twins with one key: each acquirer receives one proposal, 6 identical answers', async () => {
    acc.reset();
    acc.answerDelayMs = 100;
    const token = await t.login(DEMO.admin);
    const before = await info(token);
    const answers = await Promise.all(Array.from({ length: 6 }, () => accredit(token, body([3, 4]), 'prop-race-1')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(acc.posts.map((p) => p.acquirerId).sort()).toEqual([3, 4]);
    expect(acc.created).toHaveLength(2);
    expect(newOnes(before, await info(token)).map((p) => p.AcquirerId).sort()).toEqual([3, 4]);
  });

  it('a provider answering after our timeout: 202 "em verificação", a retry sends nothing, the job settles it', async () => {
    acc.reset();
    acc.answerDelayMs = 4_000;
    const token = await t.login(DEMO.admin);
    const before = await info(token);
    const first = await accredit(token, body([4]), 'prop-late-1');
    expect(first.statusCode).toBe(202);
    expect(first.json().Message).toBe('Proposta em verificação no credenciador. Atualizaremos a situação assim que ele responder.');
    const [pending] = newOnes(before, first.json());
    expect(pending).toMatchObject({ AcquirerId: 4, ProposalId: '', Status: 0, Checking: true });
    // The provider did create it (its answer came too late).
    expect(acc.created).toHaveLength(1);
    // A retry with the same key answers the current state and never calls the provider again.
    const retry = await accredit(token, body([4]), 'prop-late-1');
    expect(retry.statusCode).toBe(202);
    expect(acc.posts).toHaveLength(1);
    await runSettleJobs();
    expect(acc.gets).toEqual([pending.Id]);
    expect(acc.posts).toHaveLength(1);
    const settled = (await info(token)).ProposalList.find((p) => p.Id === pending.Id)!;
    expect(settled).toMatchObject({ ProposalId: 'PRP-4-0000001', Status: 0 });
    expect(settled.Checking).toBeUndefined();
    // The key now answers the settled state.
    const after = await accredit(token, body([4]), 'prop-late-1');
    expect(after.statusCode).toBe(200);
    expect(after.json().ProposalList.find((p: P) => p.Id === pending.Id).ProposalId).toBe('PRP-4-0000001');
  });

  it('a request lost on the way: the job finds nothing at the provider and sends the same POST, same key, once', async () => {
    acc.reset();
    acc.dropNext = 1;
    const token = await t.login(DEMO.admin);
    const before = await info(token);
    const first = await accredit(token, body([3]), 'prop-lost-1');
    expect(first.statusCode).toBe(202);
    const [pending] = newOnes(before, first.json());
    expect(acc.created).toHaveLength(0);
    await runSettleJobs();
    expect(acc.gets).toEqual([pending.Id]);
    expect(acc.posts.map((p) => p.key)).toEqual([pending.Id, pending.Id]);
    expect(acc.created).toEqual([{ key: pending.Id, acquirerId: 3, document: expect.any(String) }]);
    expect((await info(token)).ProposalList.find((p) => p.Id === pending.Id)).toMatchObject({ ProposalId: 'PRP-3-0000001' });
    // Running the job again asks nothing more: the proposal is settled.
    await runSettleJobs();
    expect(acc.gets).toHaveLength(1);
  });

  it('a refusal is recorded as rejected with the provider’s reason, audited, and a new proposal may follow', async () => {
    acc.reset();
    const [m] = await rows<{ full_name: string }>(`select full_name from acc_merchants where venue_id = '${t.seed.venues.restaurant}'`);
    acc.refuseNames.add(m.full_name);
    const token = await t.login(DEMO.admin);
    const before = await info(token);
    const res = await accredit(token, body([3]), 'prop-refused-1');
    expect(res.statusCode).toBe(200);
    const [refused] = newOnes(before, res.json());
    expect(refused).toMatchObject({ AcquirerId: 3, Status: 2, ProposalId: '', Message: 'O credenciador recusou a proposta: CNAE incompatível com o adquirente.' });
    const [line] = await rows<{ action: string }>(`select action from acc_audit where action = 'proposal.refused'`);
    expect(line).toEqual({ action: 'proposal.refused' });
    acc.refuseNames.clear();
    expect((await accredit(token, body([3]), 'prop-refused-2')).statusCode).toBe(200);
  });

  it('bad key, wrong role and another place are refused before anything reaches the provider', async () => {
    acc.reset();
    const admin = await t.login(DEMO.admin);
    expect((await accredit(admin, body([3]), 'chave com espaço')).statusCode).toBe(400);
    expect((await accredit(await t.login(DEMO.gerente), body([3]), 'prop-role-1')).statusCode).toBe(403);
    const other = await accredit(await t.login(DEMO.escola), body([3]), 'prop-other-1');
    expect([403, 404]).toContain(other.statusCode);
    expect(acc.posts).toHaveLength(0);
  });
});
