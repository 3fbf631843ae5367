import { describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../../src/shared/finance';
import { DEMO_FINANCE } from '../../../src/server/modules/finance/finance.seed';
import { DEMO, useTestApp } from '../../setup/server';
import { auditCount, caller, one } from './helpers';

const t = useTestApp();
const call = caller(t);
const today = saoPauloDay();

const body = () => ({
  Adquirente: 3,
  LocalId: t.seed.venues.restaurant,
  FinalCartao: '',
  Equipamentos: 'PB0421A7; PB0421B3',
  DataInicio: addDays(today, -2),
  DataFinal: today,
  ContaBancariaId: DEMO_FINANCE.restaurantAccount,
});

describe('bank accounts of a place', () => {
  it('lists the accounts, the provider’s own prefixed; refuses another role and a non-member', async () => {
    const token = await t.login(DEMO.admin);
    const res = await call('GET', `/api/Local/BuscarDadosBancariosDoLocal/${t.seed.venues.restaurant}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json().find((a: { mPPagamentos: boolean }) => a.mPPagamentos).descricao).toMatch(/^MP Pagamentos - Conta digital/);
    expect((await call('GET', `/api/Local/BuscarDadosBancariosDoLocal/${t.seed.venues.restaurant}`, await t.login(DEMO.gerente))).statusCode).toBe(403);
    expect((await call('GET', `/api/Local/BuscarDadosBancariosDoLocal/${t.seed.venues.school}`, await t.login(DEMO.escola))).statusCode).toBe(403);
    expect((await call('GET', '/api/Local/BuscarDadosBancariosDoLocal/nao-e-uuid', token)).statusCode).toBe(403);
  });
});

describe('process transactions', () => {
  it('moves the matching unprocessed transactions into the account, once per Idempotency-Key', async () => {
    const token = await t.login(DEMO.admin);
    const before = await one<{ n: number; cents: number }>(
      t,
      `select count(*)::int as n, coalesce(sum(amount_cents),0)::int as cents from finance_transactions where processed_at is null and acquirer = 3 and serial_number in ('PB0421A7','PB0421B3')`,
    );
    expect(before.n).toBeGreaterThan(0);
    const key = { 'idempotency-key': 'proc-1' };
    const res = await call('POST', '/api/transaction/pagseguro/process', token, body(), key);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Message: 'Enviado para processamento!', TransacoesProcessadas: before.n, Valor: before.cents / 100 });
    const replay = await call('POST', '/api/transaction/pagseguro/process', token, body(), key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().ProcessoId).toBe(res.json().ProcessoId);
    expect(await one(t, 'select count(*)::int as n from finance_process_requests')).toEqual({ n: 1 });
    expect(await auditCount(t, 'process-transactions')).toBe(1);
    // Nothing left to process for those serials.
    const again = await call('POST', '/api/transaction/pagseguro/process', token, body());
    expect(again.json().TransacoesProcessadas).toBe(0);
  });

  it('answers the spec’s messages for missing fields and the date-window rules, changing nothing', async () => {
    const token = await t.login(DEMO.admin);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Equipamentos: ' ; ' }, 'Preencha o número de série para continuar'],
      [{ DataInicio: '' }, 'Preencha a data para continuar'],
      [{ LocalId: '' }, 'Preencha o Local id para continuar'],
      [{ ContaBancariaId: '' }, 'Preencha a conta bancária para continuar'],
      [{ DataInicio: addDays(today, 4), DataFinal: addDays(today, 4) }, 'A data inicial deve ser no máximo 3 dias a partir de hoje.'],
      [{ DataInicio: addDays(today, -20), DataFinal: addDays(today, -10) }, 'A data final deve ser no máximo 9 dias após a data inicial e 3 dias a partir de hoje.'],
      [{ DataInicio: today, DataFinal: addDays(today, -1) }, 'A data final deve ser igual ou posterior à data inicial.'],
      [{ Adquirente: 2 }, 'Adquirente inválido: escolha 3 ou 4.'],
    ];
    for (const [patch, message] of cases) {
      const res = await call('POST', '/api/transaction/pagseguro/process', token, { ...body(), ...patch });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().Message).toBe(message);
    }
    const otherAccount = await call('POST', '/api/transaction/pagseguro/process', token, { ...body(), ContaBancariaId: DEMO_FINANCE.schoolAccount });
    expect(otherAccount.statusCode).toBe(400);
    expect(otherAccount.json().Message).toBe('Conta bancária não encontrada para este local.');
    expect(await one(t, 'select count(*)::int as n from finance_process_requests')).toEqual({ n: 0 });
    expect(await auditCount(t)).toBe(0);
  });

  it('needs ProcessarTransacoes in that place', async () => {
    expect((await call('POST', '/api/transaction/pagseguro/process', await t.login(DEMO.gerente), body())).statusCode).toBe(403);
    expect((await call('POST', '/api/transaction/pagseguro/process', await t.login(DEMO.escola), body())).statusCode).toBe(403);
  });
});

describe('totem transaction', () => {
  const totem = () => ({ LocalClienteId: t.seed.venues.restaurant, ContaBancariaId: DEMO_FINANCE.restaurantOwnAccount, TransacaoPagSeguroId: '3F2A9C1E-77B0-4D11-9E5A-AB12CD34EF56' });
  it('processes an acquirer transaction once and answers its POS id', async () => {
    const token = await t.login(DEMO.admin);
    const res = await call('POST', '/api/transaction/pagseguro/ProcessarTransacaoTotem', token, totem(), { 'idempotency-key': 'totem-1' });
    expect(res.statusCode).toBe(200);
    const id = res.json().TransacaoPOSId;
    expect(res.json().Message).toBe(`Processamento realizado com sucesso - TransacaoPOSId: ${id}`);
    const replay = await call('POST', '/api/transaction/pagseguro/ProcessarTransacaoTotem', token, totem(), { 'idempotency-key': 'totem-1' });
    expect(replay.json().TransacaoPOSId).toBe(id);
    const twice = await call('POST', '/api/transaction/pagseguro/ProcessarTransacaoTotem', token, totem());
    expect(twice.statusCode).toBe(409);
    expect(await auditCount(t, 'process-totem-transaction')).toBe(1);
  });
  it('refuses unknown transactions, bad input, another place’s account and the wrong role', async () => {
    const token = await t.login(DEMO.admin);
    const unknown = await call('POST', '/api/transaction/pagseguro/ProcessarTransacaoTotem', token, { ...totem(), TransacaoPagSeguroId: 'ABC0000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Message).toBe('Transação não encontrada no adquirente.');
    const empty = await call('POST', '/api/transaction/pagseguro/ProcessarTransacaoTotem', token, { ...totem(), TransacaoPagSeguroId: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Message).toBe('Informe o id da transação do adquirente.');
    const other = await call('POST', '/api/transaction/pagseguro/ProcessarTransacaoTotem', token, { ...totem(), ContaBancariaId: DEMO_FINANCE.schoolAccount });
    expect(other.statusCode).toBe(400);
    expect((await call('POST', '/api/transaction/pagseguro/ProcessarTransacaoTotem', await t.login(DEMO.gerente), totem())).statusCode).toBe(403);
    expect(await auditCount(t)).toBe(0);
  });
});
