/** Issue 28: services are edited and deleted; category names are unique within a venue. */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { SCHED_MSG } from '../../../src/shared/scheduling';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));

async function scheduleId(name: string): Promise<string> {
  const [s] = await rows<{ id: string }>(t, `select id from schedules where name = '${name}'`);
  return s.id;
}
async function serviceId(name: string): Promise<string> {
  const [s] = await rows<{ id: string }>(t, `select id from schedule_services where name = '${name}'`);
  return s.id;
}

describe('service edit and delete', () => {
  it('edits a service (moving it to another agenda of the place) and deletes it', async () => {
    const headers = await as(DEMO.gerente);
    const id = await serviceId('Decoração temática');
    const chef = await scheduleId('Degustação com o chef');
    const res = await t.app.inject({ method: 'PUT', url: '/api/ServiceSchedule/Update', headers, payload: { id, name: ' Decoração de aniversário ', value: 99.9, scheduleId: chef, duration: 45 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, Message: SCHED_MSG.serviceEdited });
    expect(await rows(t, `select name, value_cents, duration, schedule_id from schedule_services where id = '${id}'`)).toEqual([
      { name: 'Decoração de aniversário', value_cents: 9990, duration: 45, schedule_id: chef },
    ]);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/ServiceSchedule/Delete?id=${id}`, headers });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ Message: SCHED_MSG.serviceDeleted });
    expect(await rows(t, `select id from schedule_services where id = '${id}'`)).toEqual([]);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/ServiceSchedule/Delete?id=${id}`, headers }), 404, SCHED_MSG.serviceNotFound);
  });

  it('bad input: the §5 messages, an unknown id, a malformed id; nothing changed', async () => {
    const headers = await as(DEMO.gerente);
    const id = await serviceId('Decoração temática');
    const body = expectError(await t.app.inject({ method: 'PUT', url: '/api/ServiceSchedule/Update', headers, payload: { id, value: 0 } }), 400, 'Preencha um nome para continuar', true);
    expect(body.errors.map((e: { message: string }) => e.message)).toContain('Preencha um preço para continuar');
    const chef = await scheduleId('Degustação com o chef');
    const ok = { name: 'X', value: 10, scheduleId: chef, duration: 10 };
    expectError(await t.app.inject({ method: 'PUT', url: '/api/ServiceSchedule/Update', headers, payload: ok }), 400, SCHED_MSG.serviceNotFound);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/ServiceSchedule/Update', headers, payload: { ...ok, id: '00000000-0000-4000-8000-000000000000' } }), 404, SCHED_MSG.serviceNotFound);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/ServiceSchedule/Delete?id=nope', headers })).statusCode).toBe(400);
    expect(await rows(t, `select name, value_cents from schedule_services where id = '${id}'`)).toEqual([{ name: 'Decoração temática', value_cents: 45000 }]);
  });

  it('wrong role answers 403, another venue\'s id the unknown id\'s 404; no token 401', async () => {
    const id = await serviceId('Decoração temática');
    const chef = await scheduleId('Degustação com o chef');
    const ok = { id, name: 'X', value: 10, scheduleId: chef, duration: 10 };
    for (const who of [DEMO.cozinha, DEMO.escola]) {
      const headers = await as(who);
      // A member without the role: 403; another place's manager: the unknown id's 404 (issue 37).
      const [status, message] = who === DEMO.escola ? [404, SCHED_MSG.serviceNotFound] : [403, MSG.accessDenied];
      expectError(await t.app.inject({ method: 'PUT', url: '/api/ServiceSchedule/Update', headers, payload: ok }), status, message);
      expectError(await t.app.inject({ method: 'DELETE', url: `/api/ServiceSchedule/Delete?id=${id}`, headers }), status, message);
    }
    expect((await t.app.inject({ method: 'DELETE', url: `/api/ServiceSchedule/Delete?id=${id}` })).statusCode).toBe(401);
    expect(await rows(t, `select count(*)::int as n from schedule_services`)).toEqual([{ n: 4 }]);
  });
});

describe('category names are unique within a place', () => {
  it('refuses a second "Degustação" on create and on rename, whatever the case or spaces', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    for (const name of ['Degustação', '  degustação ', 'DEGUSTAÇÃO']) {
      const body = expectError(await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers, payload: { localClientId: venue, name } }), 409, SCHED_MSG.categoryDuplicate, true);
      expect(body.errors).toEqual([{ path: 'body.name', message: SCHED_MSG.categoryDuplicate }]);
    }
    const [eventos] = await rows<{ id: string }>(t, `select id from schedule_categories where venue_id = '${venue}' and name = 'Eventos'`);
    expectError(await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Update', headers, payload: { id: eventos.id, localClientId: venue, name: 'reservas de espaço' } }), 409, SCHED_MSG.categoryDuplicate, true);
    // Renaming a category to itself (another case) is fine.
    const same = await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Update', headers, payload: { id: eventos.id, localClientId: venue, name: 'EVENTOS' } });
    expect(same.statusCode).toBe(200);
    expect(await rows(t, `select count(*)::int as n from schedule_categories where venue_id = '${venue}'`)).toEqual([{ n: 3 }]);
  });
});
