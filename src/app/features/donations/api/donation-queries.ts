/** Query keys and calls of the donations screens; every key starts with 'donations'. */
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
import { queryArea } from '../../../lib/get-query';

export const donationQueries = queryArea('donations', (get) => ({
  events: (localId: string) =>
    get(['events', localId], DONATION_API.eventsByVenue(localId), donationEventList),
  event: (id: string) => get(['event', id], DONATION_API.event(id), donationEvent),
  bankData: (localId: string) =>
    get(['bank-data', localId], DONATION_API.bankData(localId), bankDataList),
  institutes: (localId: string) =>
    get(['institutes', localId], DONATION_API.institutesByVenue(localId), instituteList),
  institute: (id: string) => get(['institute', id], DONATION_API.institute(id), institute),
  eventInstitutes: (eventId: string) =>
    get(['event-institutes', eventId], DONATION_API.linkInstitutes(eventId), instituteList),
  links: (instituteId: string) =>
    get(['links', instituteId], DONATION_API.linksByInstitute(instituteId), donationLinkList),
  products: (localId: string) =>
    get(['products', localId], DONATION_API.linkProducts(localId), productOptionList),
  report: (localId: string, eventId: string, instituteId: string | undefined) =>
    get(['report', localId, eventId, instituteId ?? ''], DONATION_API.donorReport, donorReport, { query: { localClienteId: localId, eventId, instituteId } }),
  dashboard: (eventId: string) =>
    ({ ...get(['dashboard', eventId], DONATION_API.dashboard(eventId), dashboardData), refetchInterval: DASHBOARD_REFRESH_MS }),
  payables: (eventId: string) =>
    ({ ...get(['payables', eventId], DONATION_API.payables(eventId), payables), refetchInterval: DASHBOARD_REFRESH_MS }),
  version: (eventId: string) =>
    ({ ...get(['version', eventId], DONATION_API.version(eventId), dashboardVersion), refetchInterval: DASHBOARD_LIVE_POLL_MS }),
  publicEvent: (link: string) =>
    get(['public', link], DONATION_API.publicEvent(link), publicDonationEvent, { token: '' }),
}));

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
