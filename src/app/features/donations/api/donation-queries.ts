/** Query keys and calls of the donations screens; every key starts with 'donations'. */
import { queryOptions } from '@tanstack/react-query';
import { solveChallenge } from '../../../../shared/public-payments';
import {
  bankDataList,
  dashboardData,
  dashboardVersion,
  DONATION_API,
  donationEvent,
  donationEventList,
  donationLinkList,
  donorReport,
  idResponse,
  institute,
  instituteList,
  messageResponse,
  payables,
  productOptionList,
  publicDonationEvent,
  publicPayment,
  type DonationEventInput,
  type DonationLinkCreate,
  type InstituteInput,
  type PublicPaymentRequest,
} from '../../../../shared/contract/donations';
import { downloadAnswer } from '../../../../shared/contract/downloads';
import { DASHBOARD_LIVE_POLL_MS, DASHBOARD_REFRESH_MS } from '../../../../shared/donations';
import { api, ApiError } from '../../../lib/api-client';

export const donationQueries = {
  all: ['donations'] as const,
  events: (localId: string) =>
    queryOptions({ queryKey: ['donations', 'events', localId] as const, queryFn: () => api(DONATION_API.eventsByVenue(localId), { schema: donationEventList }) }),
  event: (id: string) => queryOptions({ queryKey: ['donations', 'event', id] as const, queryFn: () => api(DONATION_API.event(id), { schema: donationEvent }) }),
  bankData: (localId: string) =>
    queryOptions({ queryKey: ['donations', 'bank-data', localId] as const, queryFn: () => api(DONATION_API.bankData(localId), { schema: bankDataList }) }),
  institutes: (localId: string) =>
    queryOptions({ queryKey: ['donations', 'institutes', localId] as const, queryFn: () => api(DONATION_API.institutesByVenue(localId), { schema: instituteList }) }),
  institute: (id: string) => queryOptions({ queryKey: ['donations', 'institute', id] as const, queryFn: () => api(DONATION_API.institute(id), { schema: institute }) }),
  eventInstitutes: (eventId: string) =>
    queryOptions({ queryKey: ['donations', 'event-institutes', eventId] as const, queryFn: () => api(DONATION_API.linkInstitutes(eventId), { schema: instituteList }) }),
  links: (instituteId: string) =>
    queryOptions({ queryKey: ['donations', 'links', instituteId] as const, queryFn: () => api(DONATION_API.linksByInstitute(instituteId), { schema: donationLinkList }) }),
  products: (localId: string) =>
    queryOptions({ queryKey: ['donations', 'products', localId] as const, queryFn: () => api(DONATION_API.linkProducts(localId), { schema: productOptionList }) }),
  report: (localId: string, eventId: string, instituteId: string | undefined) =>
    queryOptions({
      queryKey: ['donations', 'report', localId, eventId, instituteId ?? ''] as const,
      queryFn: () => api(DONATION_API.donorReport, { query: { localClienteId: localId, eventId, instituteId }, schema: donorReport }),
    }),
  dashboard: (eventId: string) =>
    queryOptions({
      queryKey: ['donations', 'dashboard', eventId] as const,
      queryFn: () => api(DONATION_API.dashboard(eventId), { schema: dashboardData }),
      refetchInterval: DASHBOARD_REFRESH_MS,
    }),
  payables: (eventId: string) =>
    queryOptions({
      queryKey: ['donations', 'payables', eventId] as const,
      queryFn: () => api(DONATION_API.payables(eventId), { schema: payables }),
      refetchInterval: DASHBOARD_REFRESH_MS,
    }),
  version: (eventId: string) =>
    queryOptions({
      queryKey: ['donations', 'version', eventId] as const,
      queryFn: () => api(DONATION_API.version(eventId), { schema: dashboardVersion }),
      refetchInterval: DASHBOARD_LIVE_POLL_MS,
    }),
  publicEvent: (link: string) =>
    queryOptions({ queryKey: ['donations', 'public', link] as const, queryFn: () => api(DONATION_API.publicEvent(link), { schema: publicDonationEvent, token: '' }) }),
};

export const saveEvent = (body: DonationEventInput) => api(DONATION_API.eventSave, { method: body.id ? 'PUT' : 'POST', body, schema: idResponse });
export const deleteEvent = (id: string) => api(DONATION_API.eventDelete(id), { method: 'DELETE', schema: messageResponse });
export const saveInstitute = (body: InstituteInput) => api(DONATION_API.instituteSave, { method: body.id ? 'PUT' : 'POST', body, schema: idResponse });
export const deleteInstitute = (id: string) => api(DONATION_API.institute(id), { method: 'DELETE', schema: messageResponse });
export const createLink = (body: DonationLinkCreate) => api(DONATION_API.linkSave, { method: 'POST', body, schema: donationLinkList });
export const updateLink = (gateWayLinkId: string, showLink: boolean) =>
  api(DONATION_API.linkSave, { method: 'PUT', body: { gateWayLinkId, showLink }, schema: donationLinkList });
export const deleteLink = (gateWayLinkId: string) => api(DONATION_API.linkDelete(gateWayLinkId), { method: 'DELETE', schema: messageResponse });
export const donorExcel = (q: { eventId: string; instituteId?: string; event: string; institute: string; localClienteId: string }) =>
  api(DONATION_API.donorReportExcel, { query: { ...q, extensao: 'EXCELOPENXML' }, schema: downloadAnswer, timeoutMs: 120_000 });
// The donor's page never sends a session token: it is public, even on a signed-in device.
/**
 * One donation attempt (issue 36): `key` is its Idempotency-Key, made once per attempt and reused
 * when the same attempt is sent again (a double click, a lost answer, a proof of work asked for), so
 * the donor is charged at most once. A 428 (an event under a card-testing attack) is solved here with
 * the shared proof of work (src/shared/public-payments.ts, the one the server checks) and sent again
 * with the same key. A 202 is "em verificação": the page asks paymentStatus until it is settled.
 */
export async function payDonation(link: string, body: PublicPaymentRequest, key: string, onChallenge?: () => void) {
  const headers: Record<string, string> = { 'idempotency-key': key };
  for (let round = 0; ; round++) {
    try {
      return await api(DONATION_API.publicPay(link), { method: 'POST', body, schema: publicPayment, token: '', headers });
    } catch (err) {
      const challenge = err instanceof ApiError && err.status === 428 ? (err.body as { challenge?: { token: string; bits: number; header: string } } | null)?.challenge : undefined;
      if (!challenge || round >= 2) throw err;
      onChallenge?.();
      headers[challenge.header] = await solveChallenge(challenge);
    }
  }
}
export const paymentStatus = (id: string) => api(DONATION_API.publicPayment(id), { schema: publicPayment, token: '' });
export const sandboxConfirm = (id: string) => api(DONATION_API.publicSandboxConfirm(id), { method: 'POST', schema: publicPayment, token: '' });
