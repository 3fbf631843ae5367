/** Query keys and calls of the printers screen; keys start with 'printers'. */
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
import { queryArea } from '../../../lib/get-query';

export const printerQueries = queryArea('printers', (get) => ({
  list: (localId: string) =>
    get(['list', localId], PRINTER_PATHS.list, printerList, { query: { localClienteId: localId } }),
  agents: (localId: string) =>
    get(['agents', localId], PRINTER_PATHS.agents, agentList, { query: { localClienteId: localId } }),
  jobs: (localId: string) =>
    ({ ...get(['jobs', localId], PRINTER_PATHS.jobs, printJobList, { query: { localClienteId: localId } }), refetchInterval: 15_000 }),
}));

export const savePrinter = (id: string | null, body: PrinterSaveRequest) =>
  id ? api(PRINTER_PATHS.one.replace(':id', id), { method: 'PUT', body, schema: idAnswer }) : api(PRINTER_PATHS.list, { method: 'POST', body, schema: idAnswer });
export const deletePrinter = (id: string) => api(PRINTER_PATHS.one.replace(':id', id), { method: 'DELETE', schema: messageAnswer });
export const createAgent = (localClienteId: string, nome: string) =>
  api(PRINTER_PATHS.agents, { method: 'POST', body: { localClienteId, nome }, schema: agentCreated });
export const revokeAgent = (id: string) => api(PRINTER_PATHS.agent.replace(':id', id), { method: 'DELETE', schema: messageAnswer });
