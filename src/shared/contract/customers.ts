/**
 * Customer registry contract (spec 000 §3 Customer and Block history, §7 Customers). Paths and
 * field names are the spec's; the export call is ours (same filters, answers a generated file).
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { describedOption } from './common';
import { addIssueOnce, dateField } from './date-field';
import { CUSTOMER_MSG, customerProblems, JUSTIFICATION_MAX } from '../customers';
import { isValidCpf } from '../documents';

export const CUSTOMER_PATHS = {
  list: 'api/ClienteEstabelecimento/BuscarClientesDoLocal',
  categories: (localId: string) => `api/ClienteEstabelecimento/buscarCategoriaClientePortal/${localId}`,
  save: 'api/ClienteEstabelecimento/SalvarClienteEstabelecimento',
  /** Ours: the filtered list as CSV (answers `{ FileName, RelativePath }`). */
  exportCsv: 'api/ClienteEstabelecimento/ExportarClientesDoLocal',
  history: (localId: string, cpf: string) => `api/BlockedUser/${localId}/${cpf}/history`,
  /** Ours: one customer with the whole CPF, for the edit form and the calls the spec keys by CPF (lists hide it). */
  detail: (id: string) => `api/ClienteEstabelecimento/BuscarClientePorId/${id}`,
  block: 'api/BlockedUser/Block',
  unlock: 'api/BlockedUser/Unlock',
  alert: 'api/UserAlert/',
  disarm: 'api/UserAlert/Disarm',
} as const;

const optText = (max: number) => z.optional(z.nullable(z.string().check(z.maxLength(max))));
/** Query-string booleans ("true"/"false"). */
const flag = z.optional(z.pipe(z.enum(['true', 'false', '1', '0', '']), z.transform((v) => v === 'true' || v === '1')));

/** GET BuscarClientesDoLocal: the filter form's fields (all optional), 1-based page. */
export const customerListQuery = z.object({
  localClienteId: z.string(),
  page: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,6}$/)), z.transform(Number))),
  nome: optText(200),
  CPF: optText(20),
  identificador: optText(100),
  categoriaId: optText(40),
  nomeNaLista: optText(200),
  somenteBloqueados: flag,
  somenteAlertados: flag,
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

export const customer = z.object({
  id: z.string(),
  nome: z.nullable(z.string()),
  /** yyyy-MM-dd */
  dataNascimento: z.nullable(z.string()),
  /**
   * Digits only in a single customer (BuscarClientePorId, for the edit form and the calls keyed by
   * CPF); hidden in lists ("***.982.247-**", hideCpf): the list screens show no more than that.
   */
  CPF: z.nullable(z.string()),
  identificador: z.nullable(z.string()),
  /** 1 male, 2 female. */
  sexo: z.nullable(z.number()),
  telefone: z.nullable(z.string()),
  email: z.nullable(z.string()),
  nomeNaLista: z.nullable(z.string()),
  categoriaClienteEstabelecimentoId: z.nullable(z.string()),
  /** Ours: the category's description, for the table. */
  categoria: z.nullable(z.string()),
  estaBloqueado: z.boolean(),
  estaAlertado: z.boolean(),
  valorEmAberto: z.number(),
});
export type Customer = z.infer<typeof customer>;

/** QuantidadeTotal stops at CUSTOMER_COUNT_CAP; QuantidadeLimitada (ours) says there are more. */
export const customerList = z.object({ Registros: z.array(customer), QuantidadeTotal: z.number(), QuantidadeLimitada: z.optional(z.boolean()) });
export type CustomerList = z.infer<typeof customerList>;

export const customerCategories = z.object({ categorias: z.array(describedOption) });

/** POST SalvarClienteEstabelecimento: `id` present edits. Rules in ../customers.ts. */
export const customerSaveRequest = z
  .object({
    id: z.optional(z.nullable(z.string().check(z.maxLength(40)))),
    /** Ours (spec 000 §3's customer has no place): without it, the session's current place. */
    localClienteId: z.optional(z.string().check(z.maxLength(40))),
    nome: optText(5000),
    dataNascimento: z.optional(z.nullable(dateField({ message: CUSTOMER_MSG.invalidDate, blank: true }))),
    CPF: optText(40),
    identificador: optText(5000),
    sexo: z.optional(z.nullable(z.union([z.literal(1), z.literal(2)]))),
    telefone: optText(40),
    email: optText(5000),
    nomeNaLista: optText(5000),
    categoriaClienteEstabelecimentoId: optText(40),
  })
  .check(
    z.superRefine((c, ctx) => {
      for (const p of customerProblems(c)) addIssueOnce(ctx, p.path, p.message, c);
    }),
  );
export type CustomerSaveRequest = z.input<typeof customerSaveRequest>;

export const customerSaveResponse = z.object({ Message: z.string(), id: z.string() });

/** Block, Unlock, alert and Disarm: {CPF, localId, reason}; the reason is required (§4). */
export const customerFlagRequest = z.object({
  CPF: z.pipe(
    z.string().check(z.maxLength(20)),
    z.string().check(z.refine((s) => isValidCpf(s), CUSTOMER_MSG.invalidCpf)),
  ),
  localId: z.string().check(z.maxLength(40)),
  reason: z.pipe(
    z.optional(z.nullable(z.string())),
    z.string(CUSTOMER_MSG.justification).check(
      z.trim(),
      z.minLength(1, CUSTOMER_MSG.justification),
      z.maxLength(JUSTIFICATION_MAX, `A justificativa pode ter no máximo ${JUSTIFICATION_MAX} caracteres.`),
    ),
  ),
});
export type CustomerFlagRequest = z.input<typeof customerFlagRequest>;

export { messageAnswer } from './common';

/** GET api/BlockedUser/{localId}/{cpf}/history (dates ISO, UTC; the screen shows them in São Paulo time). */
export const blockHistory = z.array(
  z.object({
    Name: z.nullable(z.string()),
    CPF: z.string(),
    BlockedBy: z.nullable(z.string()),
    BlockedAt: z.nullable(z.string()),
    BlockedReason: z.nullable(z.string()),
    UnlockedBy: z.nullable(z.string()),
    UnlockedAt: z.nullable(z.string()),
    UnlockeReason: z.nullable(z.string()),
  }),
);
export type BlockHistory = z.infer<typeof blockHistory>;

/** Ours: GET api/ClienteEstabelecimento/BuscarClientePorId/{id}?localClienteId */
export const customerDetailParams = z.object({ id: z.string().check(z.maxLength(64)) });
export const customerDetailQuery = z.object({ localClienteId: z.string().check(z.maxLength(64)) });

export const historyParams = z.object({ localId: z.string(), cpf: z.string().check(z.maxLength(20)) });
export const localIdParams = z.object({ localId: z.string() });
