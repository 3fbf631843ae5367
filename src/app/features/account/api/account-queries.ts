/** Query keys and calls of "Minha conta" (issue 24); keys start with 'account'. */
import {
  ACCOUNT_PATHS,
  accountMessage,
  myAccount,
  type ChangeEmailRequest,
  type ChangeNameRequest,
  type ChangePasswordRequest,
  type MfaToggleRequest,
} from '../../../../shared/contract/account';
import { acceptInvitationResponse, messageResponse, myInvitationList, STAFF_PATHS } from '../../../../shared/contract/staff';
import { api } from '../../../lib/api-client';
import { queryArea } from '../../../lib/get-query';

export const accountQueries = queryArea('account', (get) => ({
  // Never persisted or reused across people: it is read fresh each time the page opens.
  me: () => ({ ...get(['me'], ACCOUNT_PATHS.me, myAccount), staleTime: 0 }),
  /** The person's pending invitations to places (issue 37). */
  invitations: () => ({ ...get(['invitations'], STAFF_PATHS.myInvitations, myInvitationList), staleTime: 0 }),
}));

export const acceptInvitation = (id: string) => api(STAFF_PATHS.acceptInvitation(id), { method: 'POST', schema: acceptInvitationResponse });
export const declineInvitation = (id: string) => api(STAFF_PATHS.declineInvitation(id), { method: 'POST', schema: messageResponse });

export const changeName = (body: ChangeNameRequest) => api(ACCOUNT_PATHS.name, { method: 'POST', body, schema: accountMessage });
export const changeEmail = (body: ChangeEmailRequest) => api(ACCOUNT_PATHS.email, { method: 'POST', body, schema: accountMessage });
export const changePassword = (body: ChangePasswordRequest) => api(ACCOUNT_PATHS.password, { method: 'POST', body, schema: accountMessage });
export const toggleMfa = (body: MfaToggleRequest) => api(ACCOUNT_PATHS.mfa, { method: 'POST', body, schema: accountMessage });
export const endSession = (id: string) => api(ACCOUNT_PATHS.session(id), { method: 'DELETE', schema: accountMessage });
export const endOtherSessions = () => api(ACCOUNT_PATHS.sessions, { method: 'DELETE', schema: accountMessage });
