/** Query keys and calls of the printers screen; keys start with 'printers'. */
import { queryOptions } from '@tanstack/react-query';
import {
  agentCreated,
  agentList,
  idAnswer,
  messageAnswer,
  printerList,
  printJobList,
  PRINTER_PATHS,
  type PrinterSaveRequest,
} from '../../../../shared/contract/printers';
import { api } from '../../../lib/api-client';

export const printerQueries = {
  all: ['printers'] as const,
  list: (localId: string) =>
    queryOptions({
      queryKey: ['printers', 'list', localId] as const,
      queryFn: () => api(PRINTER_PATHS.list, { query: { localClienteId: localId }, schema: printerList }),
    }),
  agents: (localId: string) =>
    queryOptions({
      queryKey: ['printers', 'agents', localId] as const,
      queryFn: () => api(PRINTER_PATHS.agents, { query: { localClienteId: localId }, schema: agentList }),
    }),
  jobs: (localId: string) =>
    queryOptions({
      queryKey: ['printers', 'jobs', localId] as const,
      queryFn: () => api(PRINTER_PATHS.jobs, { query: { localClienteId: localId }, schema: printJobList }),
      refetchInterval: 15_000,
    }),
};

export const savePrinter = (id: string | null, body: PrinterSaveRequest) =>
  id ? api(PRINTER_PATHS.one.replace(':id', id), { method: 'PUT', body, schema: idAnswer }) : api(PRINTER_PATHS.list, { method: 'POST', body, schema: idAnswer });
export const deletePrinter = (id: string) => api(PRINTER_PATHS.one.replace(':id', id), { method: 'DELETE', schema: messageAnswer });
export const createAgent = (localClienteId: string, nome: string) =>
  api(PRINTER_PATHS.agents, { method: 'POST', body: { localClienteId, nome }, schema: agentCreated });
export const revokeAgent = (id: string) => api(PRINTER_PATHS.agent.replace(':id', id), { method: 'DELETE', schema: messageAnswer });
