/** Issue 28: an institution that received donations is archived, not refused; the refusal for links is true. */
import { describe, expect, it } from 'vitest';
import { dashboardData, instituteList } from '../../../src/shared/contract/donations';
import { DONATION_MSG as M } from '../../../src/shared/donations';
import { MSG } from '../../../src/shared/messages';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';
import { caller, demo, joinWithRoles } from './helpers';

const t = useTestApp();
const call = caller(t);

describe('deleting an institution', () => {
  it('archives one that received donations: gone from the lists, links hidden, donations still reported', async () => {
    const { admin, venueId, event, institutes } = await demo(t);
    const amigos = institutes.find((i) => i.nome === 'Associação Amigos do Bem')!;
    const [{ n: donated }] = await rows<{ n: number }>(t, `select count(*)::int as n from donations where institute_id = '${amigos.id}' and status = 'paid'`);
    expect(donated).toBeGreaterThan(0);
    const res = await call('DELETE', `/api/Institute/${amigos.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Message: M.instituteArchived });
    const list = instituteList.parse((await call('GET', `/api/Institute/GetInstitutesByLocalCliente/${venueId}`, admin)).json());
    expect(list.map((i) => i.nome)).toEqual(['Casa de Acolhida Esperança']);
    expect(instituteList.parse((await call('GET', `/api/Link/Institutes/${event.id}`, admin)).json()).map((i) => i.nome)).toEqual(['Casa de Acolhida Esperança']);
    expect(await rows(t, `select show_link from donation_links where institute_id = '${amigos.id}'`)).toEqual([{ show_link: false }]);
    expect(await rows(t, `select count(*)::int as n from donations where institute_id = '${amigos.id}'`)).toEqual([{ n: expect.any(Number) }]);
    const dash = dashboardData.parse((await call('GET', `/api/Donate/${event.id}`, admin)).json());
    expect(dash.donations.some((d) => d.client === 'Associação Amigos do Bem')).toBe(true);
    // Archived: no longer found for reading, editing or a second delete.
    expectError(await call('DELETE', `/api/Institute/${amigos.id}`, admin), 404, M.instituteNotFound);
  });

  it('refuses one with links but no donations, saying so; deletes one with neither', async () => {
    const { admin, venueId, event } = await demo(t);
    const banks = (await call('GET', `/api/Institute/BankData/${venueId}`, admin)).json() as Array<{ dadoBancarioId: string }>;
    const created = await call('POST', '/api/Institute', admin, { nome: 'Lar dos Idosos', bankDataId: banks[0].dadoBancarioId, eventId: event.id, localClienteId: venueId });
    const id = created.json().id as string;
    await t.db.exec(`insert into donation_links (venue_id, gateway_link_id, description, amount_cents, event_id, institute_id) values ('${venueId}', 'sbxlnk_test_lar', 'Uma visita', 1500, '${event.id}', '${id}')`);
    expectError(await call('DELETE', `/api/Institute/${id}`, admin), 409, M.instituteHasLinks);
    await t.db.exec(`delete from donation_links where institute_id = '${id}'`);
    expect((await call('DELETE', `/api/Institute/${id}`, admin)).json()).toEqual({ Message: M.instituteDeleted });
    expect(await rows(t, `select id from donation_institutes where id = '${id}'`)).toEqual([]);
  });

  it('wrong role and another venue cannot archive; bad id is 404', async () => {
    const { admin, institutes } = await demo(t);
    const gerente = await t.login(DEMO.gerente);
    // Another venue's institution answers like a missing one (issue 37); a member without the role is 403.
    expectError(await call('DELETE', `/api/Institute/${institutes[0].id}`, gerente), 404, M.instituteNotFound);
    await joinWithRoles(t, DEMO.cozinha, 'Painel');
    expectError(await call('DELETE', `/api/Institute/${institutes[0].id}`, await t.login(DEMO.cozinha)), 403, MSG.accessDenied);
    expectError(await call('DELETE', '/api/Institute/nope', admin), 404, M.instituteNotFound);
    expect(await rows(t, `select count(*)::int as n from donation_institutes where archived_at is not null`)).toEqual([{ n: 0 }]);
  });
});
