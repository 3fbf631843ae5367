/**
 * Calls of the accreditation screens (spec 001 §7 "Acquirer and finance"). Reads go through the
 * shared admin rule (lib/admin-call.ts): a failed read toasts the server's text and gives null, so
 * the page shows its empty state. State changes send an Idempotency-Key so a retry changes nothing:
 * the screens pass one key per user intent (lib/command-key.ts), so a double click or a retry after a
 * lost answer reuses it.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ACC_PATHS,
  accreditationInfo,
  auditList,
  bindingList,
  contactAnswer,
  credentialPage,
  credentialStatus,
  departmentAnswer,
  latestProposalList,
  maintenanceStatus,
  managementUrlAnswer,
  mccAnswer,
  merchantData,
  messageAnswer,
  providerAnswer,
  terminalList,
  type ContactFields,
  type DepartmentFields,
} from '../../../../shared/contract/accreditation';
import { TERMINALS_TIMEOUT_MS } from '../../../../shared/accreditation';
import { adminCall } from '../../../lib/admin-call';
import { api } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';

const orNull = async <T,>(call: () => Promise<T>): Promise<T | null> => (await adminCall(call)) ?? null;
const key = (k: string) => ({ 'idempotency-key': k });

export interface MonitorFilters {
  page: number;
  pageSize: number;
  nomePortal?: string;
  documentoLojista?: string;
  tipoAdquirente?: number;
}

export const accreditationQueries = {
  all: ['accreditation'] as const,
  provider: () => ({ ...getQuery(['accreditation', 'provider'], ACC_PATHS.provider, providerAnswer), staleTime: Infinity }),
  info: (localId: string) =>
    queryOptions({ queryKey: ['accreditation', 'info', localId] as const, queryFn: () => orNull(() => api(`${ACC_PATHS.info}/${localId}`, { schema: accreditationInfo })) }),
  contact: (localId: string) =>
    queryOptions({ queryKey: ['accreditation', 'contact', localId] as const, queryFn: () => orNull(() => api(ACC_PATHS.contact, { query: { localClienteId: localId }, schema: contactAnswer })) }),
  department: (localId: string) =>
    queryOptions({ queryKey: ['accreditation', 'department', localId] as const, queryFn: () => orNull(() => api(ACC_PATHS.business, { query: { localClienteId: localId }, schema: departmentAnswer })) }),
  terminals: (localId: string) =>
    queryOptions({
      queryKey: ['accreditation', 'terminals', localId] as const,
      queryFn: () => orNull(() => api(ACC_PATHS.terminals, { query: { localClienteId: localId }, schema: terminalList, timeoutMs: TERMINALS_TIMEOUT_MS })),
    }),
  status: (localId: string) =>
    queryOptions({ queryKey: ['accreditation', 'status', localId] as const, queryFn: () => orNull(() => api(ACC_PATHS.credentialStatus, { query: { localClienteId: localId }, schema: credentialStatus })) }),
  logs: (localId: string) =>
    queryOptions({ queryKey: ['accreditation', 'logs', localId] as const, queryFn: () => orNull(() => api(`${ACC_PATHS.logs}/${localId}`, { schema: auditList })) }),
  latest: () => queryOptions({ queryKey: ['accreditation', 'latest'] as const, queryFn: () => orNull(() => api(ACC_PATHS.latestProposals, { schema: latestProposalList })) }),
  monitor: (f: MonitorFilters) =>
    queryOptions({
      queryKey: ['accreditation', 'monitor', f] as const,
      queryFn: () => orNull(() => api(ACC_PATHS.expiring, { query: { ...f }, schema: credentialPage })),
      placeholderData: keepPreviousData,
    }),
  merchant: (localId: string) =>
    queryOptions({ queryKey: ['accreditation', 'merchant', localId] as const, queryFn: () => orNull(() => api(`${ACC_PATHS.subAcquirer}/${localId}`, { schema: merchantData })) }),
  bindings: (patrimonio: string) =>
    queryOptions({ queryKey: ['accreditation', 'bindings', patrimonio] as const, queryFn: () => orNull(() => api(ACC_PATHS.bindings, { query: { patrimonio }, schema: bindingList })) }),
  maintenance: () => queryOptions({ queryKey: ['accreditation', 'maintenance'] as const, queryFn: () => orNull(() => api(ACC_PATHS.maintenanceStatus, { schema: maintenanceStatus })) }),
};

export const saveContact = (localId: string, c: ContactFields) => api(ACC_PATHS.updateContact, { method: 'POST', body: { ...c, LocalClienteId: localId }, schema: messageAnswer });
export const saveDepartment = (localId: string, d: DepartmentFields) =>
  api(ACC_PATHS.saveBusiness, { method: 'POST', body: { ...d, LocalClienteId: localId }, schema: messageAnswer });
/** A 202 answer carries `Message`: a proposal is "em verificação" at the provider (its row says so). */
export const accredit = (localId: string, acquirers: number[], k: string) =>
  api(ACC_PATHS.accredit, { method: 'POST', body: { LocalClienteId: localId, Acquirers: acquirers }, headers: key(k), schema: accreditationInfo });
export const activateProposal = (id: string, k: string) => api(`${ACC_PATHS.activate}/${id}`, { method: 'POST', headers: key(k), schema: messageAnswer });
export const managementUrl = (document: string) => api(`${ACC_PATHS.managementUrl}/${document}`, { schema: managementUrlAnswer });
export const fetchMcc = (localId: string, k: string) => api(`${ACC_PATHS.getMcc}/${localId}`, { method: 'POST', headers: key(k), schema: mccAnswer });
export const addMcc = (localId: string, mcc: number, k: string) => api(ACC_PATHS.addMcc, { method: 'POST', body: { LocalClienteId: localId, MCC: mcc }, headers: key(k), schema: messageAnswer });
export const stopMaintenance = (k: string) => api(ACC_PATHS.stopMaintenance, { method: 'POST', headers: key(k), schema: messageAnswer });
export const completeBinding = (id: string, k: string) => api(`${ACC_PATHS.bind}/${id}`, { method: 'POST', headers: key(k), schema: messageAnswer });
