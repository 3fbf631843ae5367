/**
 * Acquirer accreditation contract (spec 001 §7 "Acquirer and finance", §3 entities). Field names are
 * the spec's, in its mixed casing. Dates travel as ISO strings (UTC); the screens show them in
 * America/Sao_Paulo. Paths marked "ours" fill the spec's gaps. State changes (activate, stop
 * maintenance, bind) take an optional Idempotency-Key header.
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { guid } from './common';
import { dateField } from './date-field';
import { isValidCpfOrCnpj } from '../documents';
import { ACC_MSG, BUSINESS_HOURS, COMPANY_TYPES, digitsOnly } from '../accreditation';

const int = () => z.number().check(z.int());
const text = (max = 200) => z.string().check(z.maxLength(max));

export const ACC_PATHS = {
  stopMaintenance: 'api/databasemaintenance/stopprogrammedmaintenance',
  /** ours: whether the weekly maintenance is running, and who stopped it */
  maintenanceStatus: 'api/databasemaintenance/status',
  logs: 'api/Admin/GetAccreditationLogs',
  terminals: 'api/Admin/GetPayStoreAllTerminalsInformation',
  credentialStatus: 'api/Admin/GetMPPAgamentosAccreditationInformation',
  updateContact: 'api/Admin/UpdateContactLocalCliente',
  /** ours: the saved contact (the spec shows only its update) */
  contact: 'api/Admin/GetContactLocalCliente',
  business: 'api/Admin/GetMerchantBusinessInformation',
  saveBusiness: 'api/Admin/CreateOrUpdateMerchantBusinessInformation',
  info: 'api/MPPagamentosCredentials/GetAccreditationInformation',
  accredit: 'api/MPPagamentosCredentials/AccreditationMerchant',
  latestProposals: 'api/MPPagamentosCredentials/BuscarUltimasPropostas',
  activate: 'api/MPPagamentosCredentials/TrocarAdquirente',
  managementUrl: 'api/MPPagamentosCredentials/ObterUrlGestao',
  expiring: 'api/MPPagamentosCredentials/CredenciaisVencendo',
  /** ours: which accreditation provider answers ({ provider, sandbox }) */
  provider: 'api/MPPagamentosCredentials/Provedor',
  subAcquirer: 'api/MPPagamentosCompliance/SubAcquirer',
  getMcc: 'api/MPPagamentosCompliance/GetMcc',
  addMcc: 'api/MPPagamentosCompliance/AdicionarMccManual',
  bindings: 'api/Equipamento/UltimasVinculacoes',
  /** ours: marks a queued binding as done */
  bind: 'api/Equipamento/ConcluirVinculacao',
} as const;

export { messageAnswer } from './common';
export const providerAnswer = z.object({ provider: z.string(), sandbox: z.boolean(), notConfigured: z.nullish(z.string()) });
export const localParams = z.object({ localId: guid() });
export const localQuery = z.object({ localClienteId: guid() });
export const idParams = z.object({ id: guid() });

// ------------------------------------------------------------------------------------------------
// Weekly maintenance

export const maintenanceStatus = z.object({
  IsRunning: z.boolean(),
  /** ours: when the current window started / will end */
  StartedAt: z.nullable(z.string()),
  StoppedAt: z.nullable(z.string()),
  StoppedBy: z.nullable(z.string()),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatus>;

// ------------------------------------------------------------------------------------------------
// Terminals and credential status

export const terminal = z.object({
  PayStoreTerminalName: z.string(),
  PayStoreTerminalNumber: z.string(),
  PayStoreTidNumber: z.string(),
  PayStoreTerminalStatus: z.string(),
  TerminalSerialNumber: z.string(),
  MPPagamentosTerminalName: z.string(),
  PortalMPPagamentos: z.string(),
  PatrimonyMeep: z.string(),
  TerminalInconsistency: z.boolean(),
});
export type Terminal = z.infer<typeof terminal>;
export const terminalList = z.object({
  Terminals: z.array(terminal),
  AvailableTerminalsCount: int(),
  LinkedTerminalsCount: int(),
  PayStoreMidNumber: z.string(),
  PayStoreMerchantId: z.string(),
  CurrentAcquirer: int(),
});
export type TerminalList = z.infer<typeof terminalList>;

export const credentialStatus = z.object({
  /** ours: the site's name, shown by the page */
  LocalClienteName: z.string(),
  LocalClienteDocument: z.string(),
  LinkedCredential: z.nullable(z.object({ EventCredential: z.string(), LinkedLocalName: z.string() })),
  AccreditedDocument: z.string(),
  PayStoreMerchantId: z.string(),
  /** ours: 1 Active, 2 Inactive, 3 Expiring (spec 001 §4); null before any credential */
  CredentialStatus: z.nullable(int()),
});
export type CredentialStatus = z.infer<typeof credentialStatus>;

/** One line of the append-only audit of accreditation state changes (who and when). */
export const auditEntry = z.object({
  Id: z.string(),
  Action: z.string(),
  Description: z.string(),
  UserName: z.string(),
  CreatedAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditList = z.array(auditEntry);

// ------------------------------------------------------------------------------------------------
// Accreditation page

export const proposal = z.object({
  Id: z.string(),
  AcquirerType: int(),
  ProposalId: z.string(),
  AcquirerId: int(),
  AccreditationDate: z.string(),
  LastTransactionDate: z.nullable(z.string()),
  LastTransactionDays: z.nullable(int()),
  Mcc: z.nullable(z.string()),
  ApprovedAt: z.nullable(z.string()),
  Status: int(),
  Message: z.nullable(z.string()),
  IsActiveProposal: z.boolean(),
  /** ours (issue 36): sent, but the provider has not answered yet ("em verificação"); ProposalId is "" meanwhile. */
  Checking: z.optional(z.boolean()),
});
export type Proposal = z.infer<typeof proposal>;
export const accreditationInfo = z.object({
  /** ours (issue 36): on a 202, why (the proposal is "em verificação"). */
  Message: z.optional(z.string()),
  Document: z.string(),
  PayStoreMerchantId: z.string(),
  IsMeepTransactional: z.boolean(),
  PayStoreQuantityTids: int(),
  ProposalList: z.array(proposal),
});
export type AccreditationInfo = z.infer<typeof accreditationInfo>;

const requiredText = (max = 200) => z.string().check(z.trim(), z.minLength(1, ACC_MSG.required), z.maxLength(max));
/** dd/mm/yyyy (pasted) or yyyy-mm-dd of a real day, 1900–2100 (parseDateInput reads it). */
const isoDate = () => dateField({ format: 'br-or-iso-day', message: ACC_MSG.dateInvalid, required: ACC_MSG.required });

/** Contact form (spec 001 §3, §5). */
export const contactFields = z.object({
  ContactName: z.string().check(z.trim(), z.minLength(1, ACC_MSG.required), z.refine((s) => s.length === 0 || s.length > 3, ACC_MSG.nameTooShort), z.maxLength(120)),
  Document: z.string().check(z.minLength(1, ACC_MSG.required), z.refine((s) => s === '' || isValidCpfOrCnpj(s), ACC_MSG.cpfInvalid), z.maxLength(20)),
  BirthDate: isoDate(),
  Ddi: z.string().check(z.minLength(1, ACC_MSG.required), z.regex(/^\d{0,3}$/, ACC_MSG.required)),
  Ddd: z.string().check(z.minLength(1, ACC_MSG.required), z.regex(/^\d{0,3}$/, ACC_MSG.required)),
  Telephone: z.string().check(z.minLength(1, ACC_MSG.required), z.refine((s) => s === '' || /^\d{9,10}$/.test(digitsOnly(s)), ACC_MSG.phoneInvalid), z.maxLength(15)),
  Email: z.string().check(z.minLength(1, ACC_MSG.required), z.refine((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'E-mail inválido'), z.maxLength(200)),
  FunctionDescription: requiredText(100),
  Nationality: z.union([z.literal(0), z.literal(1)]),
});
export type ContactFields = z.infer<typeof contactFields>;
export const contactBody = z.extend(contactFields, { LocalClienteId: guid() });
export type ContactBody = z.infer<typeof contactBody>;
export const contactAnswer = z.nullable(contactFields);

const companyType = () => z.number().check(z.refine((n) => COMPANY_TYPES.some((c) => c.value === n), ACC_MSG.required));
const businessHours = () => z.number().check(z.refine((n) => BUSINESS_HOURS.some((c) => c.value === n), ACC_MSG.required));

/** Department form (spec 001 §3, §5). */
export const departmentFields = z.object({
  CompanyType: companyType(),
  DepartmentName: text(120),
  FoundationDate: isoDate(),
  MerchantBusinessHours: businessHours(),
  MovingPayDepartmentId: z.nullable(text(60)),
});
export type DepartmentFields = z.infer<typeof departmentFields>;
export const departmentBody = z.extend(departmentFields, { LocalClienteId: guid() });
export type DepartmentBody = z.infer<typeof departmentBody>;
export const departmentAnswer = z.nullable(departmentFields);

export const accreditBody = z.object({
  LocalClienteId: guid(),
  Acquirers: z.array(int()).check(z.minLength(1, ACC_MSG.chooseAcquirer), z.maxLength(10)),
});
export const managementUrlParams = z.object({ document: z.string().check(z.regex(/^[\d.\-/]{11,18}$/, ACC_MSG.documentInvalid)) });
export const managementUrlAnswer = z.object({ Url: z.string() });

// ------------------------------------------------------------------------------------------------
// Latest proposals and credential monitor

export const latestProposal = z.object({
  NomePortal: z.string(),
  Documento: z.string(),
  TipoAdquirente: int(),
  PropostaId: z.string(),
  DataCredenciamento: z.string(),
  AprovadoEm: z.nullable(z.string()),
  Status: int(),
});
export type LatestProposal = z.infer<typeof latestProposal>;
export const latestProposalList = z.array(latestProposal);

const queryInt = (fallback: number, msg: string) =>
  z.optional(z.pipe(z.string().check(z.regex(/^\d{0,6}$/, msg)), z.transform((s: string) => (s === '' ? fallback : Number.parseInt(s, 10)))));

export const expiringQuery = z.object({
  /** 0-based */
  page: queryInt(0, 'Página inválida.'),
  pageSize: z.optional(
    z.pipe(
      z.string().check(z.regex(/^(10|25|50|100)$/, 'Tamanho de página inválido.')),
      z.transform((s: string) => Number.parseInt(s, 10)),
    ),
  ),
  documentoLojista: z.optional(z.string().check(z.maxLength(20), z.regex(/^[\d.\-/\s]*$/, ACC_MSG.documentInvalid))),
  tipoAdquirente: queryInt(-1, ACC_MSG.acquirerInvalid),
  nomePortal: z.optional(text(100)),
});
export const credentialRow = z.object({
  NomePortal: z.string(),
  DocumentoLojista: z.string(),
  TipoAdquirente: int(),
  DataCredenciamento: z.string(),
  DataUltimaTransacao: z.nullable(z.string()),
  Observacoes: z.string(),
  Status: int(),
});
export type CredentialRow = z.infer<typeof credentialRow>;
export const credentialPage = z.object({ Records: z.array(credentialRow), TotalRecords: int() });
export type CredentialPage = z.infer<typeof credentialPage>;

// ------------------------------------------------------------------------------------------------
// Merchant data and MCC

export const merchantData = z.object({
  Name: z.string(),
  MerchantId: z.string(),
  FullName: z.string(),
  Document: z.string(),
  Mcc: z.nullable(z.string()),
  Telephone: z.string(),
  Address: z.string(),
  City: z.string(),
  UF: z.string(),
  ZipCode: z.string(),
  Country: z.string(),
  IsFeatureFlag: z.boolean(),
  IsTotemPagSeguroSub: z.boolean(),
  IsPosPagSeguroSub: z.boolean(),
});
export type MerchantData = z.infer<typeof merchantData>;
/** GetMcc: the MCC found (and saved), or null when the provider has none. */
export const mccAnswer = z.object({ Mcc: z.nullable(z.string()) });
export const addMccBody = z.object({
  LocalClienteId: guid(),
  MCC: z.number().check(z.int(), z.minimum(0, ACC_MSG.mccInvalid), z.maximum(9999, ACC_MSG.mccInvalid)),
});

// ------------------------------------------------------------------------------------------------
// Binding queue

export const bindingQuery = z.object({ patrimonio: z.optional(text(60)) });
export const bindingItem = z.object({
  /** ours: the queue item's id (for Concluir) */
  Id: z.string(),
  NomePortal: z.string(),
  NumeroSerie: z.string(),
  Patrimonio: z.string(),
  DataCriacao: z.string(),
  EhTerminalAtivo: z.boolean(),
});
export type BindingItem = z.infer<typeof bindingItem>;
export const bindingList = z.array(bindingItem);
