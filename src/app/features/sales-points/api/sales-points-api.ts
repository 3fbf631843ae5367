/** Sales points and device linking (spec 001 §7 "Sales points"). */
import { queryOptions } from '@tanstack/react-query';
import {
  deviceList,
  linkResponse,
  messageResponse,
  productListList,
  SALES_POINT_API,
  salesPointEnvelope,
  salesPointList,
  type SalesPointInput,
} from '../../../../shared/contract/sales-points';
import { api } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';

export const salesPointQueries = queryArea('sales-points', (get) => ({
  list: (localId: string) =>
    queryOptions({
      queryKey: ['sales-points', 'list', localId] as const,
      queryFn: async () => (await api(SALES_POINT_API.list(localId), { schema: salesPointList })).map((i) => i.salesPoint),
      staleTime: 0,
    }),
  linked: (localId: string, salesPointId: string) =>
    ({ ...get(['devices', localId, 'linked', salesPointId], SALES_POINT_API.linked, deviceList, { query: { localClientId: localId, SalesPointId: salesPointId } }), staleTime: 0 }),
  unlinked: (localId: string) =>
    ({ ...get(['devices', localId, 'unlinked'], SALES_POINT_API.unlinked(localId), deviceList), staleTime: 0 }),
  /** The catalogue's product lists; an error leaves the select empty rather than blocking the form. */
  productLists: (localId: string) =>
    ({ ...get(['product-lists', localId], SALES_POINT_API.productLists(localId), productListList), staleTime: 60_000, retry: false }),
}));

export const addSalesPoint = (salesPoint: SalesPointInput) =>
  api(SALES_POINT_API.add, { method: 'POST', body: { salesPoint }, schema: salesPointEnvelope });

export const updateSalesPoint = (salesPoint: SalesPointInput & { id: string }) =>
  api(SALES_POINT_API.update, { method: 'PUT', body: { salesPoint }, schema: salesPointEnvelope });

export const deleteSalesPoint = (id: string) => api(SALES_POINT_API.remove(id), { method: 'DELETE', schema: messageResponse });

export const linkDevices = (salesPointId: string, equipaments: string[]) =>
  api(SALES_POINT_API.link, { method: 'POST', body: { salesPointId, equipaments }, schema: linkResponse });

/** Sends the devices to unlink: the ones the person UNCHECKED in the dialog (spec 001 §4). */
export const unlinkDevices = (equipaments: string[]) => api(SALES_POINT_API.unlink, { method: 'POST', body: { equipaments }, schema: linkResponse });
