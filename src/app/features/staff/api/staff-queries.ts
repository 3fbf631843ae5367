/** Query keys and calls of Operadores and Acessos (issue 24); keys start with 'staff'. */
import { createDeviceResponse, DEVICE_PATHS, type CreateDeviceRequest } from '../../../../shared/contract/devices';
import {
  auditList,
  inviteResponse,
  messageResponse,
  profileList,
  roleSetResponse,
  STAFF_PATHS,
  staffList,
  type InviteRequest,
  type RoleSetRequest,
} from '../../../../shared/contract/staff';
import { api } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';

export const staffQueries = queryArea('staff', (get) => ({
  list: (localId: string) => get(['list', localId], STAFF_PATHS.list, staffList, { query: { localId } }),
  history: (localId: string) =>
    get(['history', localId], STAFF_PATHS.history, auditList, { query: { localId } }),
  profiles: (localId: string) =>
    ({ ...get(['profiles', localId], STAFF_PATHS.profiles, profileList, { query: { localId } }), staleTime: 30_000 }),
}));

export const invitePerson = (body: InviteRequest) => api(STAFF_PATHS.invite, { method: 'POST', body, schema: inviteResponse });
export const changeProfile = (localId: string, usuarioId: string, perfil: string) =>
  api(STAFF_PATHS.changeProfile, { method: 'PUT', body: { localId, usuarioId, perfil }, schema: messageResponse });
export const removePerson = (localId: string, usuarioId: string) => api(STAFF_PATHS.remove(usuarioId), { method: 'DELETE', query: { localId }, schema: messageResponse });
export const createDevice = (body: CreateDeviceRequest) => api(DEVICE_PATHS.create, { method: 'POST', body, schema: createDeviceResponse });
export const revokeDevice = (id: string) => api(DEVICE_PATHS.revoke(id), { method: 'DELETE', schema: messageResponse });
export const saveRoleSet = (id: string | null, body: RoleSetRequest) =>
  api(id ? STAFF_PATHS.profile(id) : STAFF_PATHS.profiles, { method: id ? 'PUT' : 'POST', body, schema: roleSetResponse });
export const deleteRoleSet = (localId: string, id: string) => api(STAFF_PATHS.profile(id), { method: 'DELETE', query: { localId }, schema: messageResponse });
