/**
 * The printers' API contract (issue 24 item 5, issue 25 item 6). `GET api/Impressoras?localClienteId`
 * is the spec's lookup (spec 000 §7 "Lookups"; the product form's impressoraPadraoId picks from it);
 * the rest is ours, in the same style. The agent's calls authenticate with its own token.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { guid } from './common';
import {
  AGENT_NAME_MAX,
  AGENT_WAIT_MAX_S,
  CODE_PAGES,
  isLocalPrinterHost,
  PAPER_WIDTHS,
  PRINTER_COLUMNS,
  COLUMNS_BY_WIDTH,
  PRINTER_CONNECTION,
  PRINTER_CONNECTIONS,
  PRINTER_MSG,
  PRINTER_NAME_MAX,
  PRINT_JOB_STATUS,
} from '../printers';

export const PRINTER_PATHS = {
  list: '/api/Impressoras',
  one: '/api/Impressoras/:id',
  agents: '/api/Impressoras/Agentes',
  agent: '/api/Impressoras/Agentes/:id',
  jobs: '/api/Impressoras/Trabalhos',
  agentJobs: '/api/Impressoras/Agente/Trabalhos',
  agentResult: '/api/Impressoras/Agente/Trabalhos/:id/Resultado',
  /** The agent as one file, its token filled in (authenticated by that token). */
  agentDownload: '/api/Impressoras/Agente/Download',
} as const;


export const printer = z.object({
  Id: z.string(),
  Nome: z.string(),
  Conexao: z.enum(PRINTER_CONNECTIONS),
  /** Host on the venue's network (network printers only). */
  Endereco: z.nullable(z.string()),
  Porta: z.nullable(z.number()),
  LarguraPapel: z.number(),
  /** Characters per line: 48 or 42 on 80 mm, 32 on 58 mm. */
  Colunas: z.number(),
  PaginaCodigo: z.enum(CODE_PAGES),
});
export type Printer = z.infer<typeof printer>;
export const printerList = z.array(printer);
export const printerListQuery = z.object({ localClienteId: guid() });

/** POST api/Impressoras and PUT api/Impressoras/{id}. */
export const printerSaveRequest = z
  .object({
    localClienteId: guid(),
    nome: z.string().check(
      z.trim(),
      z.minLength(1, PRINTER_MSG.nameRequired),
      z.maxLength(PRINTER_NAME_MAX, PRINTER_MSG.nameTooLong),
    ),
    conexao: z.enum(PRINTER_CONNECTIONS),
    endereco: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(253, PRINTER_MSG.hostNotLocal)))),
    porta: z.optional(z.nullable(z.number().check(z.int(PRINTER_MSG.portInvalid), z.minimum(1, PRINTER_MSG.portInvalid), z.maximum(65535, PRINTER_MSG.portInvalid)))),
    larguraPapel: z.union([z.literal(PAPER_WIDTHS[0]), z.literal(PAPER_WIDTHS[1])]),
    /** Optional: the paper's default (48 on 80 mm, 32 on 58 mm) when absent. */
    colunas: z.optional(z.nullable(z.union([z.literal(PRINTER_COLUMNS[0]), z.literal(PRINTER_COLUMNS[1]), z.literal(PRINTER_COLUMNS[2])]))),
    paginaCodigo: z.enum(CODE_PAGES),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.colunas != null && !COLUMNS_BY_WIDTH[v.larguraPapel].includes(v.colunas)) ctx.addIssue({ code: 'custom', path: ['colunas'], message: PRINTER_MSG.columnsInvalid });
      if (v.conexao !== PRINTER_CONNECTION.network) return;
      const host = v.endereco?.trim() ?? '';
      if (!host) ctx.addIssue({ code: 'custom', path: ['endereco'], message: PRINTER_MSG.hostRequired });
      else if (!isLocalPrinterHost(host)) ctx.addIssue({ code: 'custom', path: ['endereco'], message: PRINTER_MSG.hostNotLocal });
    }),
  );
export type PrinterSaveRequest = z.infer<typeof printerSaveRequest>;
export const idParams = z.object({ id: guid() });
export const idAnswer = z.object({ Id: z.string() });
export { messageAnswer } from './common';

// Agents -------------------------------------------------------------------------------------

export const agent = z.object({ Id: z.string(), Nome: z.string(), CriadoEm: z.string(), UltimoContato: z.nullable(z.string()) });
export type PrintAgent = z.infer<typeof agent>;
export const agentList = z.array(agent);
export const agentCreateRequest = z.object({
  localClienteId: guid(),
  nome: z.string().check(z.trim(), z.minLength(1, PRINTER_MSG.agentNameRequired), z.maxLength(AGENT_NAME_MAX, PRINTER_MSG.agentNameRequired)),
});
/** The token is shown once; only its hash is stored. */
export const agentCreated = z.object({ Id: z.string(), Nome: z.string(), Token: z.string() });

// Jobs ---------------------------------------------------------------------------------------

export const printJobStatus = z.enum([PRINT_JOB_STATUS.queued, PRINT_JOB_STATUS.sent, PRINT_JOB_STATUS.printed, PRINT_JOB_STATUS.failed]);
export const printJob = z.object({
  Id: z.string(),
  PedidoId: z.nullable(z.string()),
  Codigo: z.nullable(z.string()),
  Impressora: z.string(),
  Status: printJobStatus,
  Tentativas: z.number(),
  Erro: z.nullable(z.string()),
  CriadoEm: z.string(),
  AtualizadoEm: z.string(),
});
export type PrintJobRow = z.infer<typeof printJob>;
export const printJobList = z.array(printJob);

/** GET api/Impressoras/Agente/Trabalhos?espera= (long poll, seconds). */
export const agentJobsQuery = z.object({
  espera: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,2}$/)), z.transform((v) => Math.min(Number(v), AGENT_WAIT_MAX_S)))),
});
export const agentJob = z.object({
  Id: z.string(),
  Impressora: z.string(),
  Endereco: z.string(),
  Porta: z.number(),
  /** ESC/POS bytes, base64. */
  Dados: z.string(),
  /** Lease end (ISO): the result must arrive before it. */
  PrazoAte: z.string(),
});
export type AgentJob = z.infer<typeof agentJob>;
export const agentJobs = z.object({ Trabalhos: z.array(agentJob) });
export const agentResultRequest = z.object({
  impresso: z.boolean(),
  /** True when nothing reached the printer (connection refused): the job may be tried again. */
  naoEnviado: z.optional(z.boolean()),
  erro: z.optional(z.nullable(z.string().check(z.maxLength(300)))),
});
export type AgentResultRequest = z.infer<typeof agentResultRequest>;
