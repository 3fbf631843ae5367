import { describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../../src/shared/finance';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { auditCount, caller, one } from './helpers';

const t = useTestApp();
const call = caller(t);
const q = () => `?localId=${t.seed.venues.restaurant}`;
const today = saoPauloDay();

describe('daily withdrawals', () => {
  it('groups a day’s withdrawals by type; the date is required and not in the future', async () => {
    const token = await t.login(DEMO.admin);
    const res = await call('GET', `/api/MPPagamentosFinancial/GetDailyWithdrawalReport${q()}&withdrawalDate=${today}%2000:00:00`, token);
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<{ WithdrawalType: string; Quantity: number; Value: number }>;
    expect(rows.reduce((s, r) => s + r.Quantity, 0)).toBe(6);
    const none = await call('GET', `/api/MPPagamentosFinancial/GetDailyWithdrawalReport${q()}&withdrawalDate=2020-01-01`, token);
    expect(none.json()).toEqual([]);
    const missing = await call('GET', `/api/MPPagamentosFinancial/GetDailyWithdrawalReport${q()}`, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Message).toBe('Escolha uma data');
    const future = await call('GET', `/api/MPPagamentosFinancial/GetDailyWithdrawalReport${q()}&withdrawalDate=${addDays(today, 1)}`, token);
    expect(future.statusCode).toBe(400);
    expect(future.json().Message).toBe('A data não pode ser posterior a hoje.');
    expect((await call('GET', `/api/MPPagamentosFinancial/GetDailyWithdrawalReport${q()}&withdrawalDate=${today}`, await t.login(DEMO.gerente))).statusCode).toBe(403);
  });
});

describe('remittance file', () => {
  it('lists today’s withdrawals, generates the file, e-mails it and takes them off the list, once per key', async () => {
    const token = await t.login(DEMO.admin);
    const list = (await call('GET', `/api/MPPagamentosFinancial/GetBS2TodayWithdrawals${q()}`, token)).json() as Array<{ TransactionId: string; Value: number }>;
    expect(list).toHaveLength(6);
    const chosen = list.slice(0, 2).map((r) => r.TransactionId);
    const key = { 'idempotency-key': 'rem-1' };
    const res = await call('POST', `/api/MPPagamentosFinancial/CreateNewBS2CnabFile${q()}`, token, { TransactionList: chosen }, key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Message: 'Arquivo enviado por e-mail', Quantidade: 2 });
    expect(res.json().Valor).toBeCloseTo(list[0].Value + list[1].Value, 2);
    const file = await t.app.inject({ url: `/api/download/file?relativePath=${encodeURIComponent(res.json().RelativePath)}&fileName=x.rem`, headers: t.auth(token) });
    expect(file.statusCode).toBe(200);
    const lines = file.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(chosen[0].toUpperCase());
    // The e-mail leaves on the job queue once the remittance commits.
    await t.app.jobs.drain();
    expect(t.mails.at(-1)).toMatchObject({ to: DEMO.admin });
    expect(t.mails.at(-1)!.text).toContain(res.json().FileName);
    // The file is attached (a link to the API answers 401 outside the portal), byte for byte the download.
    expect(t.mails.at(-1)!.text).not.toContain('/api/');
    expect(t.mails.at(-1)!.attachments).toHaveLength(1);
    expect(t.mails.at(-1)!.attachments![0].filename).toBe(res.json().FileName);
    expect(t.mails.at(-1)!.attachments![0].content.toString('latin1')).toBe(file.rawPayload.toString('latin1'));
    const replay = await call('POST', `/api/MPPagamentosFinancial/CreateNewBS2CnabFile${q()}`, token, { TransactionList: chosen }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await t.app.jobs.drain();
    expect(t.mails).toHaveLength(1);
    expect((await call('GET', `/api/MPPagamentosFinancial/GetBS2TodayWithdrawals${q()}`, token)).json()).toHaveLength(4);
    const stale = await call('POST', `/api/MPPagamentosFinancial/CreateNewBS2CnabFile${q()}`, token, { TransactionList: chosen });
    expect(stale.statusCode).toBe(409);
    expect(await auditCount(t, 'create-remittance')).toBe(1);
  });
  it('needs at least one withdrawal of this venue', async () => {
    const token = await t.login(DEMO.admin);
    const empty = await call('POST', `/api/MPPagamentosFinancial/CreateNewBS2CnabFile${q()}`, token, { TransactionList: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('Campo obrigatório');
    const other = await call('POST', `/api/MPPagamentosFinancial/CreateNewBS2CnabFile${q()}`, token, { TransactionList: [DEMO_FINANCE.schoolWithdrawal] });
    expect(other.statusCode).toBe(409);
    expect((await call('POST', `/api/MPPagamentosFinancial/CreateNewBS2CnabFile${q()}`, await t.login(DEMO.gerente), { TransactionList: [DEMO_FINANCE.withdrawal] })).statusCode).toBe(403);
    await t.app.jobs.drain();
    expect(t.mails).toHaveLength(0);
    expect(await auditCount(t)).toBe(0);
  });
});

describe('withdrawal lookup and receipt date', () => {
  it('finds a withdrawal of this venue and changes its receipt date, audited and idempotent', async () => {
    const token = await t.login(DEMO.admin);
    const info = await call('GET', `/api/MPPagamentosFinancial/ObterInformacoesSaque/${DEMO_FINANCE.withdrawal}${q()}`, token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ SaqueId: DEMO_FINANCE.withdrawal, NomePortal: 'Restaurante Sabor da Casa', ValorSaque: 18750.4, NomeTitularConta: 'Sabor da Casa Ltda' });
    const key = { 'idempotency-key': 'date-1' };
    const res = await call('PUT', `/api/MPPagamentosFinancial/AtualizarDataRecebimentoSaque${q()}`, token, { SaqueId: DEMO_FINANCE.withdrawal, NovaDataSaque: today }, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().Message).toBe('Data de recebimento atualizada com sucesso!');
    const replay = await call('PUT', `/api/MPPagamentosFinancial/AtualizarDataRecebimentoSaque${q()}`, token, { SaqueId: DEMO_FINANCE.withdrawal, NovaDataSaque: today }, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await one(t, `select received_on::text as d from finance_withdrawals where id = '${DEMO_FINANCE.withdrawal}'`)).toEqual({ d: today });
    expect(await auditCount(t, 'change-withdrawal-date')).toBe(1);
  });
  it('answers the spec’s messages and changes nothing on bad input or another venue', async () => {
    const token = await t.login(DEMO.admin);
    const other = await call('GET', `/api/MPPagamentosFinancial/ObterInformacoesSaque/${DEMO_FINANCE.schoolWithdrawal}${q()}`, token);
    expect(other.statusCode).toBe(404);
    expect(other.json().Message).toBe('Saque não encontrado');
    expect((await call('GET', `/api/MPPagamentosFinancial/ObterInformacoesSaque/123${q()}`, token)).json().Message).toBe('Saque não encontrado');
    const noId = await call('POST', `/api/MPPagamentosFinancial/AtualizarDataRecebimentoSaque${q()}`, token, { SaqueId: '', NovaDataSaque: today });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().Message).toBe('Por favor, informe o ID do saque');
    const before = await call('POST', `/api/MPPagamentosFinancial/AtualizarDataRecebimentoSaque${q()}`, token, { SaqueId: DEMO_FINANCE.withdrawal, NovaDataSaque: '2020-01-01' });
    expect(before.statusCode).toBe(400);
    const otherDate = await call('POST', `/api/MPPagamentosFinancial/AtualizarDataRecebimentoSaque${q()}`, token, { SaqueId: DEMO_FINANCE.schoolWithdrawal, NovaDataSaque: today });
    expect(otherDate.statusCode).toBe(404);
    expect((await call('POST', `/api/MPPagamentosFinancial/AtualizarDataRecebimentoSaque${q()}`, await t.login(DEMO.gerente), { SaqueId: DEMO_FINANCE.withdrawal, NovaDataSaque: today })).statusCode).toBe(403);
    expect(await one(t, `select received_on is null as none from finance_withdrawals where id = '${DEMO_FINANCE.schoolWithdrawal}'`)).toEqual({ none: true });
    expect(await auditCount(t)).toBe(0);
  });
});

describe('bank transfer', () => {
  const form = { agencia: '0742', contaBancaria: '458213', digitoContaBancaria: '3', documentoContaBancaria: '11.222.333/0001-81', codigoBanco: '341', titularConta: 'Sabor da Casa Ltda', valorTransferencia: '1234.56', tipoContaBancaria: 1 };
  it('sends a transfer through the bank (sandbox) once per key, in cents, audited', async () => {
    const token = await t.login(DEMO.admin);
    const key = { 'idempotency-key': 'tr-1' };
    const res = await call('POST', `/api/MPPagamentosFinancial/TransferenciaBs2${q()}`, token, form, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().Message).toBe('Transferência enviada com sucesso!');
    const replay = await call('POST', `/api/MPPagamentosFinancial/TransferenciaBs2${q()}`, token, form, key);
    expect(replay.json().Protocolo).toBe(res.json().Protocolo);
    expect(await one(t, 'select count(*)::int as n, sum(amount_cents)::int as cents, max(document) as doc from finance_transfers')).toEqual({ n: 1, cents: 123456, doc: '11222333000181' });
    expect(await auditCount(t, 'bank-transfer')).toBe(1);
  });
  it('refuses bad input with the form’s messages, a refusal by the bank, and the wrong role', async () => {
    const token = await t.login(DEMO.admin);
    const agency = await call('POST', `/api/MPPagamentosFinancial/TransferenciaBs2${q()}`, token, { ...form, agencia: '742' });
    expect(agency.statusCode).toBe(400);
    expect(agency.json().Message).toBe('Agência deve conter exatamente 4 números.');
    const doc = await call('POST', `/api/MPPagamentosFinancial/TransferenciaBs2${q()}`, token, { ...form, documentoContaBancaria: '111.111.111-11' });
    expect(doc.json().Message).toBe('CPF ou CNPJ inválido.');
    const savings = await call('POST', `/api/MPPagamentosFinancial/TransferenciaBs2${q()}`, token, { ...form, tipoContaBancaria: 2 });
    expect(savings.json().Message).toBe('Conta poupança só para titular com CPF.');
    const closed = await call('POST', `/api/MPPagamentosFinancial/TransferenciaBs2${q()}`, token, { ...form, contaBancaria: '0' });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().Message).toBe('Erro ao gerar transferência. Tente novamente. Conta de destino encerrada.');
    expect((await call('POST', `/api/MPPagamentosFinancial/TransferenciaBs2${q()}`, await t.login(DEMO.gerente), form)).statusCode).toBe(403);
    expect((await call('POST', `/api/MPPagamentosFinancial/TransferenciaBs2?localId=${t.seed.venues.school}`, await t.login(DEMO.gerente), form)).statusCode).toBe(403);
    // Only the bank's refusal is stored (reserved before the bank was asked), failed with its reason.
    expect(await one(t, 'select count(*)::int as n, max(status) as status, max(error) as error from finance_transfers')).toEqual({ n: 1, status: 'failed', error: 'Conta de destino encerrada.' });
    expect(await auditCount(t)).toBe(1);
    expect(await auditCount(t, 'bank-transfer-refused')).toBe(1);
  });
});
