/** Reads of the accreditation tables, shaped as the spec's answers (src/shared/contract/accreditation.ts). */
import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AccreditationInfo, AuditEntry, BindingItem, CredentialPage, CredentialStatus, LatestProposal, MerchantData, Proposal, TerminalList } from '../../../shared/contract/accreditation';
import type { Q, Tx } from '../../db/client';
import { accAudit, accBindings, accCredentials, accMerchants, accProposals, accTerminals } from '../../db/schema/accreditation';
import { venues } from '../../db/schema/venues';

export type { Q, Tx };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DAY = 86_400_000;

export async function merchantOf(q: Q, venueId: string) {
  const [row] = await q
    .select({ m: accMerchants, venueName: venues.name })
    .from(accMerchants)
    .innerJoin(venues, eq(venues.id, accMerchants.venueId))
    .where(eq(accMerchants.venueId, venueId));
  return row ?? null;
}

type Merchant = NonNullable<Awaited<ReturnType<typeof merchantOf>>>;

/** `view` of the place's merchant, or null when the place has none. */
async function ofMerchant<T>(q: Q, venueId: string, view: (row: Merchant) => T): Promise<T | null> {
  const row = await merchantOf(q, venueId);
  return row ? view(row) : null;
}

export async function merchantByDocument(q: Q, document: string) {
  const [row] = await q.select().from(accMerchants).where(eq(accMerchants.document, document));
  return row ?? null;
}

export function toProposal(p: typeof accProposals.$inferSelect, now = Date.now()): Proposal {
  return {
    Id: p.id,
    AcquirerType: p.acquirerType,
    ProposalId: p.proposalId ?? '',
    AcquirerId: p.acquirerId,
    AccreditationDate: p.accreditationDate.toISOString(),
    LastTransactionDate: iso(p.lastTransactionDate),
    LastTransactionDays: p.lastTransactionDate ? Math.floor((now - p.lastTransactionDate.getTime()) / DAY) : null,
    Mcc: p.mcc,
    ApprovedAt: iso(p.approvedAt),
    Status: p.status,
    Message: p.message,
    IsActiveProposal: p.isActive,
    ...(p.sendState === 'sent' ? {} : { Checking: true }),
  };
}

export async function proposalsOf(q: Q, venueId: string): Promise<Proposal[]> {
  const rows = await q.select().from(accProposals).where(eq(accProposals.venueId, venueId)).orderBy(desc(accProposals.accreditationDate));
  return rows.map((r) => toProposal(r));
}

export async function accreditationInfo(q: Q, venueId: string): Promise<AccreditationInfo | null> {
  const row = await merchantOf(q, venueId);
  if (!row) return null;
  const [tids] = await q.select({ n: count() }).from(accTerminals).where(eq(accTerminals.venueId, venueId));
  return {
    Document: row.m.document,
    PayStoreMerchantId: row.m.payStoreMerchantId,
    IsMeepTransactional: row.m.isMeepTransactional,
    PayStoreQuantityTids: tids.n,
    ProposalList: await proposalsOf(q, venueId),
  };
}

export async function terminalList(q: Q, venueId: string): Promise<TerminalList | null> {
  const row = await merchantOf(q, venueId);
  if (!row) return null;
  const list = await q.select().from(accTerminals).where(eq(accTerminals.venueId, venueId)).orderBy(asc(accTerminals.name));
  const [active] = await q.select({ a: accProposals.acquirerId }).from(accProposals).where(and(eq(accProposals.venueId, venueId), eq(accProposals.isActive, true)));
  return {
    Terminals: list.map((t) => ({
      PayStoreTerminalName: t.name,
      PayStoreTerminalNumber: t.number,
      PayStoreTidNumber: t.tid,
      PayStoreTerminalStatus: t.status,
      TerminalSerialNumber: t.serialNumber,
      MPPagamentosTerminalName: t.mpName,
      PortalMPPagamentos: t.portal,
      PatrimonyMeep: t.patrimony,
      TerminalInconsistency: t.inconsistency,
    })),
    AvailableTerminalsCount: list.filter((t) => !t.linked).length,
    LinkedTerminalsCount: list.filter((t) => t.linked).length,
    PayStoreMidNumber: row.m.payStoreMidNumber,
    PayStoreMerchantId: row.m.payStoreMerchantId,
    CurrentAcquirer: active?.a ?? 0,
  };
}

export function credentialStatus(q: Q, venueId: string): Promise<CredentialStatus | null> {
  return ofMerchant(q, venueId, ({ m, venueName }) => ({
    LocalClienteName: venueName,
    LocalClienteDocument: m.document,
    LinkedCredential: m.eventCredential ? { EventCredential: m.eventCredential, LinkedLocalName: m.linkedLocalName ?? '' } : null,
    AccreditedDocument: m.document,
    PayStoreMerchantId: m.payStoreMerchantId,
    CredentialStatus: m.credentialStatus,
  }));
}

export function merchantData(q: Q, venueId: string): Promise<MerchantData | null> {
  return ofMerchant(q, venueId, ({ m, venueName }) => ({
    Name: venueName,
    MerchantId: m.payStoreMerchantId,
    FullName: m.fullName,
    Document: m.document,
    Mcc: m.mcc,
    Telephone: m.telephone,
    Address: m.address,
    City: m.city,
    UF: m.uf,
    ZipCode: m.zipCode,
    Country: m.country,
    IsFeatureFlag: m.isFeatureFlag,
    IsTotemPagSeguroSub: m.isTotemSub,
    IsPosPagSeguroSub: m.isPosSub,
  }));
}

export async function auditOf(q: Q, venueId: string): Promise<AuditEntry[]> {
  const rows = await q.select().from(accAudit).where(eq(accAudit.venueId, venueId)).orderBy(desc(accAudit.createdAt)).limit(100);
  return rows.map((r) => ({ Id: r.id, Action: r.action, Description: r.description, UserName: r.userName, CreatedAt: r.createdAt.toISOString() }));
}

export async function audit(q: Q, entry: { venueId: string | null; action: string; description: string; user: { id: string | null; name: string } }) {
  await q.insert(accAudit).values({ venueId: entry.venueId, action: entry.action, description: entry.description, userId: entry.user.id, userName: entry.user.name });
}

/** The 50 most recent proposals of the whole network. */
export async function latestProposals(q: Q): Promise<LatestProposal[]> {
  const rows = await q.select().from(accProposals).orderBy(desc(accProposals.accreditationDate)).limit(50);
  return rows.map((p) => ({
    NomePortal: p.portalName,
    Documento: p.document,
    TipoAdquirente: p.acquirerType,
    PropostaId: p.proposalId ?? '',
    DataCredenciamento: p.accreditationDate.toISOString(),
    AprovadoEm: iso(p.approvedAt),
    Status: p.status,
  }));
}

export async function credentialPage(
  q: Q,
  f: { page: number; pageSize: number; document?: string; acquirerType?: number; portalName?: string },
): Promise<CredentialPage> {
  const where: SQL[] = [];
  if (f.document) where.push(ilike(accCredentials.document, `%${f.document}%`));
  if (f.acquirerType !== undefined && f.acquirerType >= 0) where.push(eq(accCredentials.acquirerType, f.acquirerType));
  if (f.portalName?.trim()) where.push(ilike(accCredentials.portalName, `%${f.portalName.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  const cond = where.length ? and(...where) : undefined;
  const [total] = await q.select({ n: count() }).from(accCredentials).where(cond);
  const rows = await q
    .select()
    .from(accCredentials)
    .where(cond)
    // Expiring first, then the oldest accreditations (the ones about to expire).
    .orderBy(sql`case ${accCredentials.status} when 3 then 0 when 1 then 1 else 2 end`, asc(accCredentials.accreditationDate), asc(accCredentials.id))
    .limit(f.pageSize)
    .offset(f.page * f.pageSize);
  return {
    Records: rows.map((c) => ({
      NomePortal: c.portalName,
      DocumentoLojista: c.document,
      TipoAdquirente: c.acquirerType,
      DataCredenciamento: c.accreditationDate.toISOString(),
      DataUltimaTransacao: iso(c.lastTransactionDate),
      Observacoes: c.notes,
      Status: c.status,
    })),
    TotalRecords: total.n,
  };
}

export async function bindingQueue(q: Q, patrimony?: string): Promise<BindingItem[]> {
  const term = patrimony?.trim();
  const rows = await q
    .select()
    .from(accBindings)
    .where(term ? or(ilike(accBindings.patrimony, `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`), ilike(accBindings.serialNumber, `%${term.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)) : isNotNull(accBindings.id))
    .orderBy(desc(accBindings.createdAt))
    .limit(200);
  return rows.map((b) => ({
    Id: b.id,
    NomePortal: b.portalName,
    NumeroSerie: b.serialNumber,
    Patrimonio: b.patrimony,
    DataCriacao: b.createdAt.toISOString(),
    EhTerminalAtivo: b.isActive,
  }));
}

/** Serialises a merchant's state changes (proposals, activation) across processes, in the caller's transaction. */
export function lockMerchant(venueId: string) {
  return sql`select pg_advisory_xact_lock(hashtext(${`acc-merchant:${venueId}`}))`;
}
