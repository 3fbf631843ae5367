/**
 * Donations contract (spec 000 §3 Donation event / Institute / Donor report row / Donation link /
 * Donation dashboard data, §7 Events, Institutes, Donor report, Donation dashboard).
 *
 * Decisions where the spec is silent (ours):
 * - Roles: the donor report needs Doacoes (spec); the other screens show no role, so membership of
 *   the venue is enough (like their routes).
 * - frequentlyQuestion is a list of { question, answer }; showValueAbove shows the amounts above the
 *   texts on the donor's page; whichInstitution is the text naming who receives the donations.
 * - Banners are uploaded first (POST api/Event/Banner, progress shown) and the event keeps their
 *   address; a data URL sent on save is stored the same way. Served publicly (the donor's page).
 * - Bank options: GET api/Institute/BankData/{localId} (dadoBancarioId, descricao).
 * - Donation links are the spec's api/Link family (000 §7: GET api/Link/{id}, POST, PUT, DELETE
 *   api/Link/{id}, GET api/Link/Institutes/{eventId}), matched to the donation link calls it lists
 *   without paths: GET api/Link/{id} lists an institution's links (id = the institution), DELETE
 *   api/Link/{id} deletes by gateWayLinkId, GET api/Link/Institutes/{eventId} lists the event's
 *   institutions. The donation products for the form are ours: GET api/Link/Products/{localId}.
 *   The link's address is the donor's page with the link's gateway id (`/doar/{event link}?link={gateWayLinkId}`).
 * - Donor report and its Excel take localClienteId too: every query is scoped to a venue.
 * - Dashboard "live": GET api/Donate/Version/{eventId} is polled every 5 s (short polling) and a
 *   change refetches the dashboard, which also refetches every 60 s (spec).
 * - The donor's page: GET api/public/donation/{link}; POST api/public/donation/{link}/payments;
 *   GET api/public/donation/payments/{id}; POST .../{id}/sandbox-confirm (sandbox acquirer only).
 */
import { z } from 'zod/mini';
import '../zod-locale';
import { dateField } from './date-field';
import { DONATION_AMOUNT_MAX, DONATION_MSG as M, EVENT_LINK_RE } from '../donations';

export const DONOR_REPORT_ROLE = 'Doacoes';
export const DONATION_ROLE = '';

const enc = encodeURIComponent;
export const DONATION_API = {
  eventsByVenue: (localId: string) => `api/Event/GetByLocalClienteId/${enc(localId)}`,
  event: (id: string) => `api/Event/GetById/${enc(id)}`,
  eventSave: 'api/Event',
  eventDelete: (id: string) => `api/Event/DeleteById/${enc(id)}`,
  banner: 'api/Event/Banner',
  bankData: (localId: string) => `api/Institute/BankData/${enc(localId)}`,
  institutesByVenue: (localId: string) => `api/Institute/GetInstitutesByLocalCliente/${enc(localId)}`,
  institute: (id: string) => `api/Institute/${enc(id)}`,
  instituteSave: 'api/Institute',
  linkInstitutes: (eventId: string) => `api/Link/Institutes/${enc(eventId)}`,
  linksByInstitute: (instituteId: string) => `api/Link/${enc(instituteId)}`,
  linkProducts: (localId: string) => `api/Link/Products/${enc(localId)}`,
  linkSave: 'api/Link',
  linkDelete: (gateWayLinkId: string) => `api/Link/${enc(gateWayLinkId)}`,
  donorReport: 'api/DonorReport',
  donorReportExcel: 'api/DonorReport/DownloadMeepDonor',
  dashboard: (eventId: string) => `api/Donate/${enc(eventId)}`,
  payables: (eventId: string) => `api/Donate/Payables/${enc(eventId)}`,
  version: (eventId: string) => `api/Donate/Version/${enc(eventId)}`,
  publicEvent: (link: string) => `api/public/donation/${enc(link)}`,
  publicPay: (link: string) => `api/public/donation/${enc(link)}/payments`,
  publicPayment: (id: string) => `api/public/donation/payments/${enc(id)}`,
  publicSandboxConfirm: (id: string) => `api/public/donation/payments/${enc(id)}/sandbox-confirm`,
} as const;

const text = (max: number) => z.string().check(z.maxLength(max));
const required = (msg: string, max = 200) => z.string().check(z.trim(), z.minLength(1, msg), z.maxLength(max));
const id = () => z.string().check(z.maxLength(64));
const hex = z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/, M.colorInvalid));

export const faqItem = z.object({ question: text(300), answer: text(2000) });
export type FaqItem = z.infer<typeof faqItem>;

/** What an event shows on the donor's page, as the API answers it (the manager's read adds id and place). */
const eventPageFields = () => ({
  nome: z.string(),
  link: z.string(),
  linkOfLive: z.string(),
  date: z.string(),
  banner_web: z.string(),
  banner_mobile: z.string(),
  isActive: z.boolean(),
  frequentlyQuestion: z.array(faqItem),
  showValueAbove: z.boolean(),
  colorTheme: z.string(),
  detailHtml: z.string(),
  aboutProjectHtml: z.string(),
  customThanks: z.string(),
  whichInstitution: z.string(),
  labelButtonDonate: z.string(),
  contactPhrase: z.string(),
  contactPhone: z.string(),
});

/** Event as the API answers it (spec 000 §3 Donation event). */
export const donationEvent = z.object({
  id: z.string(),
  ...eventPageFields(),
  localClienteId: z.string(),
});
export type DonationEvent = z.infer<typeof donationEvent>;
export const donationEventList = z.array(donationEvent);

/** Event form / POST api/Event (no id) and PUT api/Event (with id). */
export const donationEventInput = z.object({
  id: z.optional(z.nullable(id())),
  nome: required(M.eventNameRequired, 120),
  link: z.string().check(z.trim(), z.toLowerCase(), z.regex(EVENT_LINK_RE, M.eventLinkInvalid)),
  linkOfLive: text(500),
  date: dateField({ format: 'iso-date-time', required: M.eventDateRequired }),
  banner_web: text(8_000_000),
  banner_mobile: text(8_000_000),
  isActive: z.boolean(),
  frequentlyQuestion: z.array(faqItem.check(z.refine((f) => Boolean(f.question.trim()) && Boolean(f.answer.trim()), M.faqIncomplete))).check(z.maxLength(30)),
  showValueAbove: z.boolean(),
  colorTheme: hex,
  detailHtml: text(100_000),
  aboutProjectHtml: text(100_000),
  customThanks: text(2000),
  whichInstitution: text(300),
  labelButtonDonate: text(60),
  contactPhrase: text(300),
  contactPhone: text(30),
  localClienteId: id(),
});
export type DonationEventInput = z.infer<typeof donationEventInput>;

export const bannerUpload = z.object({ localClienteId: id(), imagem: z.string().check(z.maxLength(8_000_000)) });
export const bannerUploadResponse = z.object({ url: z.string() });

export { messageAnswer as messageResponse } from './common';
export { savedAnswer as idResponse } from './common';

export const bankDataOption = z.object({ dadoBancarioId: z.string(), descricao: z.string() });
export const bankDataList = z.array(bankDataOption);

/** Institute (spec 000 §3). */
export const institute = z.object({
  id: z.string(),
  name: z.string(),
  nome: z.string(),
  bankDataId: z.string(),
  bankData: z.string(),
  eventId: z.string(),
  eventModel: z.object({ id: z.string(), nome: z.string() }),
  event: z.string(),
});
export type Institute = z.infer<typeof institute>;
export const instituteList = z.array(institute);

export const instituteInput = z.object({
  id: z.optional(z.nullable(id())),
  nome: required(M.instituteNameRequired, 120),
  bankDataId: z.string().check(z.minLength(1, M.chooseBankData), z.maxLength(64)),
  eventId: z.string().check(z.minLength(1, M.chooseEvent), z.maxLength(64)),
  /** Ours (spec 000 §3's institute has no place): without it, the event's place, else the session's current place. */
  localClienteId: z.optional(id()),
});
export type InstituteInput = z.infer<typeof instituteInput>;

/** Donation link (spec 000 §3). amount is a number: the form converts the comma decimal. */
export const donationLink = z.object({
  id: z.string(),
  gateWayLinkId: z.string(),
  showLink: z.boolean(),
  link: z.string(),
  description: z.string(),
  produtoId: z.string(),
  produtoNome: z.string(),
  eventName: z.string(),
  amount: z.number(),
  instalmments: z.literal(1),
  eventId: z.string(),
  instituteId: z.string(),
});
export type DonationLink = z.infer<typeof donationLink>;
export const donationLinkList = z.array(donationLink);

export const donationLinkCreate = z.object({
  showLink: z.boolean(),
  description: required('Informe a descrição.', 120),
  produtoId: z.string().check(z.minLength(1, M.chooseProduct), z.maxLength(64)),
  amount: z.number().check(z.gt(0, M.amountInvalid), z.gte(0.01, M.amountMin), z.lte(DONATION_AMOUNT_MAX, M.amountTooHigh)),
  instalmments: z.literal(1),
  eventId: z.string().check(z.minLength(1, M.chooseEvent), z.maxLength(64)),
  instituteId: z.string().check(z.minLength(1, M.chooseInstitute), z.maxLength(64)),
});
export type DonationLinkCreate = z.infer<typeof donationLinkCreate>;
/** Only showLink changes after creation (description, product and amount are add only). */
export const donationLinkUpdate = z.object({ gateWayLinkId: id(), showLink: z.boolean() });

export const productOption = z.object({ id: z.string(), nome: z.string(), valor: z.number() });
export const productOptionList = z.array(productOption);

/** Donor report (spec 000 §7). */
/** The spec's call is `?eventId=&instituteId=`: the venue follows from the event (ours, optional, must agree). */
export const donorReportQuery = z.object({
  localClienteId: z.optional(id()),
  eventId: z.string().check(z.minLength(1, M.reportNeedsEvent), z.maxLength(64)),
  instituteId: z.optional(text(64)),
});
export const donorReportRow = z.object({
  id: z.string(),
  date: z.string(),
  name: z.string(),
  document: z.string(),
  email: z.string(),
  phone: z.string(),
  description: z.string(),
  amount: z.number(),
});
export type DonorReportRow = z.infer<typeof donorReportRow>;
export const donorReport = z.array(donorReportRow);
export const donorExcelQuery = z.object({
  eventId: z.string().check(z.minLength(1, M.reportNeedsEvent), z.maxLength(64)),
  instituteId: z.optional(text(64)),
  event: z.optional(text(200)),
  institute: z.optional(text(200)),
  extensao: z.optional(z.literal('EXCELOPENXML')),
  localClienteId: z.optional(id()),
});

/** Dashboard (spec 000 §3 Donation dashboard data). amount in donations is the unit value. */
export const dashboardData = z.object({
  donations: z.array(z.object({ productId: z.string(), client: z.string(), productName: z.string(), quantity: z.number(), amount: z.number() })),
  quantities: z.array(z.object({ time: z.string(), amount: z.number() })),
});
export type DashboardData = z.infer<typeof dashboardData>;
export const payables = z.array(z.object({ institute: z.string(), paymentDate: z.string(), amount: z.number(), fee: z.number(), amountToPay: z.number() }));
export type Payable = z.infer<typeof payables>[number];
export const dashboardVersion = z.object({ count: z.number(), last: z.nullable(z.string()) });

/** The donor's page. */
export const publicDonationOption = z.object({ gateWayLinkId: z.string(), description: z.string(), amount: z.number(), instituteId: z.string(), instituteName: z.string() });
export const publicDonationEvent = z.object({
  ...eventPageFields(),
  options: z.array(publicDonationOption),
  institutes: z.array(z.object({ id: z.string(), nome: z.string() })),
  /** Name of the providers in use ("sandbox" by default), shown on the page. */
  acquirer: z.string(),
  /** Whether payments here are the labelled sandbox's (nothing is charged). */
  sandbox: z.boolean(),
  /** The methods this page can take now; none when no provider is configured (production). */
  methods: z.array(z.enum(['pix', 'card'])),
});
export type PublicDonationEvent = z.infer<typeof publicDonationEvent>;

export const donorInput = z.object({
  name: required(M.donorNameRequired, 120),
  document: z.string().check(z.maxLength(20)),
  email: z.string().check(z.trim(), z.maxLength(200), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, M.donorEmailInvalid)),
  phone: text(30),
});
export const cardInput = z.object({
  number: z.string().check(z.regex(/^[\d ]{13,23}$/, M.cardNumberInvalid)),
  holder: required(M.cardHolderRequired, 80),
  expiry: z.string().check(z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, M.cardExpiryInvalid)),
  cvv: z.string().check(z.regex(/^\d{3,4}$/, M.cardCvvInvalid)),
});
export const publicPaymentRequest = z.object({
  gateWayLinkId: z.optional(z.nullable(text(64))),
  /** A free amount (when no link is chosen). */
  amount: z.optional(z.nullable(z.number().check(z.gt(0, M.amountInvalid), z.gte(0.01, M.amountMin), z.lte(DONATION_AMOUNT_MAX, M.amountTooHigh)))),
  instituteId: z.optional(z.nullable(text(64))),
  method: z.enum(['pix', 'card']),
  donor: donorInput,
  card: z.optional(z.nullable(cardInput)),
});
export type PublicPaymentRequest = z.infer<typeof publicPaymentRequest>;
export const publicPayment = z.object({
  paymentId: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  amount: z.number(),
  method: z.enum(['pix', 'card']),
  pix: z.nullable(z.object({ brCode: z.string(), qrDataUrl: z.string() })),
  message: z.string(),
});
export type PublicPayment = z.infer<typeof publicPayment>;
