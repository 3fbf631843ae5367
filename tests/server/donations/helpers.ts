/** Helpers of the donations API tests. */
import { expect } from 'vitest';
import { donationEventList, instituteList, type DonationEventInput } from '../../../src/shared/contract/donations';
import { DEMO, type TestContext } from '../../setup/server';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(t: TestContext) {
  return (method: Method, url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? t.auth(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The demo institute's admin token, venue id, event and institutions. */
export async function demo(t: TestContext) {
  const call = caller(t);
  const admin = await t.login(DEMO.admin);
  const venueId = t.seed.venues.donations;
  const ev = await call('GET', `/api/Event/GetByLocalClienteId/${venueId}`, admin);
  expect(ev.statusCode, ev.body).toBe(200);
  const [event] = donationEventList.parse(ev.json());
  const inst = await call('GET', `/api/Institute/GetInstitutesByLocalCliente/${venueId}`, admin);
  const institutes = instituteList.parse(inst.json());
  return { admin, venueId, event, institutes };
}

/** Gives a user a membership of the donation institute with only these roles. */
export async function joinWithRoles(t: TestContext, email: string, roles: string) {
  await t.db.exec(
    `insert into memberships (user_id, venue_id, position, roles) select id, '${t.seed.venues.donations}', 'Voluntário', '${roles}' from users where email = '${email}'`,
  );
}

export function eventInput(venueId: string, extra: Partial<DonationEventInput> = {}): DonationEventInput {
  return {
    nome: 'Campanha do Agasalho',
    link: 'campanha-agasalho',
    linkOfLive: '',
    date: '2026-07-01T13:00:00.000Z',
    banner_web: '',
    banner_mobile: '',
    isActive: true,
    frequentlyQuestion: [{ question: 'Posso doar roupas?', answer: 'Sim, na sede.' }],
    showValueAbove: false,
    colorTheme: '#C00D1E',
    detailHtml: '<p>Ajude</p>',
    aboutProjectHtml: '',
    customThanks: 'Obrigado!',
    whichInstitution: '',
    labelButtonDonate: 'Doar',
    contactPhrase: '',
    contactPhone: '',
    localClienteId: venueId,
    ...extra,
  };
}

/** A 1×1 PNG. */
export const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
