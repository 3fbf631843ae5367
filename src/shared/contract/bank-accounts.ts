/**
 * Bank accounts contract (spec 001 §2.14; field names of spec 001 §3's bank transfer form; paths
 * ours, in the spec's api/{Entidade} style). Rules and messages: src/shared/bank-accounts.ts.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { registryPaths } from './registry';
import {
  BANK_ACCOUNT_MSG as M,
  BANK_HOLDER_MAX,
  isValidHolderDocument,
  normalizePixKey,
  PIX_KEY_TYPES,
} from '../bank-accounts';

export const BANK_ACCOUNT_PATHS = registryPaths('api/ContaBancaria/BuscarDoLocal', 'api/ContaBancaria');

export const bankAccount = z.object({
  id: z.string(),
  codigoBanco: z.string(),
  agencia: z.string(),
  contaBancaria: z.string(),
  digitoContaBancaria: z.string(),
  tipoContaBancaria: z.number(),
  titularConta: z.string(),
  /** Digits only. */
  documentoContaBancaria: z.string(),
  tipoChavePix: z.nullable(z.string()),
  /** In DICT form (see normalizePixKey). */
  chavePix: z.nullable(z.string()),
  /** This account's key is the place's Pix key. */
  chavePixDoEstabelecimento: z.boolean(),
  /** "Banco — Ag. / CC": what the donation institutions' select shows. */
  descricao: z.string(),
  /** Donation institutions paid into it. */
  instituicoes: z.array(z.string()),
});
export type BankAccount = z.infer<typeof bankAccount>;
export const bankAccountList = z.array(bankAccount);

const digits = (re: RegExp, msg: string) => z.pipe(z.string({ error: msg }).check(z.trim()), z.string().check(z.regex(re, msg)));
const pixTypes = PIX_KEY_TYPES.map((t) => t.id) as string[];

/** POST api/ContaBancaria and PUT api/ContaBancaria/{id}. */
export const bankAccountInput = z
  .object({
    localClienteId: z.string().check(z.maxLength(64)),
    codigoBanco: digits(/^\d{3}$/, M.bankCode),
    agencia: digits(/^\d{4}$/, M.agency),
    contaBancaria: digits(/^\d{1,20}$/, M.account),
    digitoContaBancaria: z.pipe(z.string({ error: M.digit }).check(z.trim(), z.toUpperCase()), z.string().check(z.regex(/^[0-9X]$/, M.digit))),
    tipoContaBancaria: z.number({ error: M.kind }).check(z.refine((n) => n === 1 || n === 2 || n === 3, M.kind)),
    titularConta: z.pipe(z.string({ error: M.holder }).check(z.trim()), z.string().check(z.minLength(1, M.holder), z.maxLength(BANK_HOLDER_MAX, M.holderTooLong))),
    documentoContaBancaria: z.string({ error: M.document }).check(z.refine(isValidHolderDocument, M.document)),
    tipoChavePix: z.nullable(z.string().check(z.maxLength(20))),
    chavePix: z.nullable(z.string().check(z.maxLength(120, M.pixKey))),
    chavePixDoEstabelecimento: z.boolean(),
  })
  .check(
    z.refine((v) => !(v.chavePix ?? '').trim() || pixTypes.includes(v.tipoChavePix ?? ''), { message: M.pixType, path: ['tipoChavePix'] }),
    z.refine((v) => !(v.chavePix ?? '').trim() || !pixTypes.includes(v.tipoChavePix ?? '') || normalizePixKey(v.tipoChavePix ?? '', v.chavePix ?? '') !== null, {
      message: M.pixKey,
      path: ['chavePix'],
    }),
    z.refine((v) => !v.chavePixDoEstabelecimento || Boolean((v.chavePix ?? '').trim()), { message: M.pixDefaultNeedsKey, path: ['chavePix'] }),
  );
export type BankAccountInput = z.input<typeof bankAccountInput>;
