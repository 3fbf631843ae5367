import { describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages';
import { SCHED_MSG } from '../../../src/shared/scheduling';
import { DEMO, useTestApp } from '../../setup/server';
import { expectError, rows } from '../helpers';

const t = useTestApp();
const as = async (email: string) => t.auth(await t.login(email));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

async function userId(email: string): Promise<string> {
  const [u] = await rows<{ id: string }>(t, `select id from users where email = '${email}'`);
  return u.id;
}
async function categoryId(venueId: string, name: string): Promise<string> {
  const [c] = await rows<{ id: string }>(t, `select id from schedule_categories where venue_id = '${venueId}' and name = '${name}'`);
  return c.id;
}
async function scheduleId(name: string): Promise<string> {
  const [s] = await rows<{ id: string }>(t, `select id from schedules where name = '${name}'`);
  return s.id;
}
const count = async (table: string) => (await rows<{ n: number }>(t, `select count(*)::int as n from ${table}`))[0].n;

async function agendaPayload(over: Record<string, unknown> = {}) {
  const venue = t.seed.venues.restaurant;
  return {
    localClientId: venue,
    name: 'Corte de cabelo',
    description: 'Corte masculino e feminino',
    durationBase: 30,
    categoryScheduleId: await categoryId(venue, 'Eventos'),
    collaboratorId: await userId(DEMO.gerente),
    availability: {
      AvailabilityDescription: 'Dias úteis',
      availableDays: [
        { dayOfWeek: 1, startHour: '08:00', endHour: '12:00' },
        { dayOfWeek: 1, startHour: '13:00', endHour: '18:00' },
      ],
    },
    ...over,
  };
}

describe('agendas', () => {
  it('lists the seeded agendas with services (BRL values), days and category', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Schedule/GetByLocalClient/${t.seed.venues.restaurant}`, headers: await as(DEMO.gerente) });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((a: { name: string }) => a.name)).toEqual(['Degustação com o chef', 'Terraço para eventos']);
    const [chef, deck] = list;
    expect(chef).toMatchObject({ categoryName: 'Degustação', collaboratorName: 'Gustavo Gerente', durationBase: 90, placeId: null });
    expect(chef.avalableDays).toHaveLength(10);
    expect(chef.avalableDays[0]).toMatchObject({ dayOfWeek: 2, startHour: '12:00', endHour: '14:30' });
    expect(chef.services.map((s: { productName: string; productValue: number }) => [s.productName, s.productValue])).toEqual([
      ['Harmonização de vinhos', 149.5],
      ['Menu degustação (5 tempos)', 289],
    ]);
    expect(deck).toMatchObject({ placeId: 'Terraço', colaboratorId: null });
  });

  it('creates, reads, edits (rows by id) and deletes an agenda', async () => {
    const headers = await as(DEMO.gerente);
    const res = await t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers, payload: await agendaPayload() });
    expect(res.statusCode).toBe(201);
    expect(res.json().Message).toBe('Cadastro de agenda efetuado com sucesso');
    const id = res.json().id;
    const read = (await t.app.inject({ method: 'GET', url: `/api/Schedule/GetById/${id}`, headers })).json();
    expect(read.availability.availableDays.map((d: { startHour: string }) => d.startHour)).toEqual(['08:00', '13:00']);
    const [morning, afternoon] = read.availability.availableDays;

    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/Schedule/Update',
      headers,
      payload: await agendaPayload({
        id,
        name: 'Corte e barba',
        availability: {
          AvailabilityDescription: 'Segundas e quartas',
          availableDays: [{ ...morning, endHour: '11:00' }, { dayOfWeek: 3, startHour: '09:00', endHour: '10:00' }],
        },
      }),
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().Message).toBe(SCHED_MSG.agendaEdited);
    const after = (await t.app.inject({ method: 'GET', url: `/api/Schedule/GetById/${id}`, headers })).json();
    expect(after.name).toBe('Corte e barba');
    expect(after.availability.AvailabilityDescription).toBe('Segundas e quartas');
    expect(after.avalableDays.map((d: { id: string; dayOfWeek: number; endHour: string }) => [d.id === morning.id, d.dayOfWeek, d.endHour])).toEqual([
      [true, 1, '11:00'],
      [false, 3, '10:00'],
    ]);
    expect((await rows(t, `select id from schedule_available_days where id = '${afternoon.id}'`)).length).toBe(0);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/Schedule/Delete?id=${id}`, headers });
    expect(del.json()).toEqual({ Message: SCHED_MSG.agendaDeleted });
    expectError(await t.app.inject({ method: 'GET', url: `/api/Schedule/GetById/${id}`, headers }), 404, SCHED_MSG.agendaNotFound);
  });

  it('a place agenda needs the place id, not a collaborator', async () => {
    const headers = await as(DEMO.gerente);
    const res = await t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers, payload: await agendaPayload({ collaboratorId: null, placeId: 'Sala 2' }) });
    expect(res.statusCode).toBe(201);
    const [row] = await rows<{ place_id: string; collaborator_id: string | null }>(t, `select place_id, collaborator_id from schedules where id = '${res.json().id}'`);
    expect(row).toEqual({ place_id: 'Sala 2', collaborator_id: null });
  });

  it('bad input: the spec’s messages with every field, nothing saved', async () => {
    const headers = await as(DEMO.gerente);
    const before = await count('schedules');
    const body = expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/Schedule/Add',
        headers,
        payload: { localClientId: t.seed.venues.restaurant, durationBase: 0, availability: { availableDays: [] } },
      }),
      400,
      'Selecione uma categoria para continuar',
      true,
    );
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining([SCHED_MSG.descriptionRequired, SCHED_MSG.availabilityDescriptionRequired, SCHED_MSG.slotRequired, SCHED_MSG.durationMin, SCHED_MSG.nameRequired]),
    );
    const slots = async (availableDays: unknown[]) =>
      t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers, payload: await agendaPayload({ availability: { AvailabilityDescription: 'x', availableDays } }) });
    expectError(await slots([{ dayOfWeek: 1, startHour: '10:00', endHour: '09:00' }]), 400, 'Hora inicial não pode ser maior que hora final');
    expectError(await slots([{ startHour: '10:00', endHour: '11:00' }]), 400, 'Selecione um dia da semana para continuar');
    expectError(await slots([{ dayOfWeek: 2, endHour: '11:00' }]), 400, 'Escolha a hora inicial para continuar');
    expectError(await slots([{ dayOfWeek: 2, startHour: '11:00' }]), 400, 'Escolha a hora final para continuar');
    expectError(
      await slots([
        { dayOfWeek: 2, startHour: '08:00', endHour: '12:00' },
        { dayOfWeek: 2, startHour: '11:00', endHour: '13:00' },
      ]),
      400,
      SCHED_MSG.slotOverlap('Terça'),
    );
    // Another venue's category or a non-member collaborator.
    const schoolCat = await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers: await as(DEMO.escola), payload: { localClientId: t.seed.venues.school, name: 'Aulas' } });
    expectError(await t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers, payload: await agendaPayload({ categoryScheduleId: schoolCat.json().id }) }), 400, SCHED_MSG.categoryNotFound);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers, payload: await agendaPayload({ collaboratorId: await userId(DEMO.escola) }) }), 400, SCHED_MSG.collaboratorNotMember);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers, payload: await agendaPayload({ image: 'http://evil.example/x.png' }) }), 400, SCHED_MSG.imageInvalid);
    // An edit that names a day row of another agenda.
    const other = await rows<{ id: string }>(t, `select d.id from schedule_available_days d join schedules s on s.id = d.schedule_id where s.name = 'Terraço para eventos' limit 1`);
    const chef = await scheduleId('Degustação com o chef');
    expectError(
      await t.app.inject({
        method: 'PUT',
        url: '/api/Schedule/Update',
        headers,
        payload: await agendaPayload({ id: chef, availability: { AvailabilityDescription: 'x', availableDays: [{ id: other[0].id, dayOfWeek: 1, startHour: '08:00', endHour: '09:00' }] } }),
      }),
      400,
      SCHED_MSG.slotNotFound,
    );
    expectError(await t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers, payload: { localClientId: 'x' } }), 400, 'O campo "localClientId" tem formato inválido.', true);
    expect(await count('schedules')).toBe(before + 0);
  });

  it('wrong role answers 403, another venue\'s id the unknown id\'s 404; no token 401', async () => {
    const chef = await scheduleId('Degustação com o chef');
    const kitchen = await as(DEMO.cozinha);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Schedule/GetByLocalClient/${t.seed.venues.restaurant}`, headers: kitchen }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers: kitchen, payload: await agendaPayload() }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Schedule/Delete?id=${chef}`, headers: kitchen }), 403, MSG.accessDenied);
    const school = await as(DEMO.escola);
    // Another venue's agenda answers like a missing one (issue 37); the place named in the call stays 403.
    expectError(await t.app.inject({ method: 'GET', url: `/api/Schedule/GetById/${chef}`, headers: school }), 404, SCHED_MSG.agendaNotFound);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/Schedule/Delete?id=${chef}`, headers: school }), 404, SCHED_MSG.agendaNotFound);
    expectError(await t.app.inject({ method: 'PUT', url: '/api/Schedule/Update', headers: school, payload: await agendaPayload({ id: chef }) }), 404, SCHED_MSG.agendaNotFound);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Schedule/GetByLocalClient/${t.seed.venues.restaurant}`, headers: school }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Schedule/GetCollaboratorsByLocalClientId/${t.seed.venues.restaurant}`, headers: school }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'GET', url: `/api/Schedule/GetByLocalClient/${t.seed.venues.restaurant}` })).statusCode).toBe(401);
    expect(await count('schedules')).toBe(2);
  });

  it('collaborators are the venue’s members', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/Schedule/GetCollaboratorsByLocalClientId/${t.seed.venues.restaurant}`, headers: await as(DEMO.gerente) });
    expect(res.json().map((c: { name: string }) => c.name)).toEqual(['Ana Administradora', 'Gabriel Garçom', 'Gustavo Gerente', 'Marcos Gerente', 'Patrícia Garçonete', 'Sofia Suporte', 'Tablet da Cozinha', 'Tablet do bar']);
  });
});

describe('categories', () => {
  it('lists, creates, edits and deletes; a category in use is kept', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const list = (await t.app.inject({ method: 'GET', url: `/api/CategorySchedule/GetByLocalClient/${venue}`, headers })).json();
    expect(list.map((c: { name: string; agendas: number }) => [c.name, c.agendas])).toEqual([
      ['Degustação', 1],
      ['Eventos', 0],
      ['Reservas de espaço', 1],
    ]);
    const add = await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers, payload: { localClientId: venue, name: ' Beleza ' } });
    expect(add.statusCode).toBe(201);
    expect(add.json().Message).toBe('Categoria criada com sucesso');
    const id = add.json().id;
    const edit = await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Update', headers, payload: { id, localClientId: venue, name: 'Estética' } });
    expect(edit.json().Message).toBe('Categoria editada com sucesso');
    expect((await rows(t, `select name from schedule_categories where id = '${id}'`))[0]).toEqual({ name: 'Estética' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/CategorySchedule/Delete?id=${id}`, headers })).json()).toEqual({ Message: SCHED_MSG.categoryDeleted });
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/CategorySchedule/Delete?id=${await categoryId(venue, 'Degustação')}`, headers }), 400, SCHED_MSG.categoryInUse);
  });

  it('bad input, wrong role and another venue', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    expectError(await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers, payload: { localClientId: venue, name: '  ' } }), 400, 'Preencha o nome para continuar', true);
    expectError(await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers: await as(DEMO.cozinha), payload: { localClientId: venue, name: 'X' } }), 403, MSG.accessDenied);
    const eventos = await categoryId(venue, 'Eventos');
    const school = await as(DEMO.escola);
    // Another venue's category answers like a missing one (issue 37).
    expectError(await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Update', headers: school, payload: { id: eventos, localClientId: venue, name: 'X' } }), 404, SCHED_MSG.categoryNotFound);
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/CategorySchedule/Delete?id=${eventos}`, headers: school }), 404, SCHED_MSG.categoryNotFound);
    expectError(await t.app.inject({ method: 'GET', url: `/api/CategorySchedule/GetByLocalClient/${venue}`, headers: school }), 403, MSG.accessDenied);
    expect(await count('schedule_categories')).toBe(3);
  });
});

describe('services', () => {
  it('adds a service to an agenda (value in reais, kept in cents)', async () => {
    const headers = await as(DEMO.gerente);
    const chef = await scheduleId('Degustação com o chef');
    const res = await t.app.inject({ method: 'POST', url: '/api/ServiceSchedule/', headers, payload: { name: 'Aula de massas', value: 1234.56, scheduleId: chef, duration: 0 } });
    expect(res.statusCode).toBe(201);
    expect(res.json().Message).toBe(SCHED_MSG.serviceSaved);
    expect(await rows(t, `select value_cents, duration from schedule_services where name = 'Aula de massas'`)).toEqual([{ value_cents: 123456, duration: 0 }]);
  });
  it('bad input (every §5 message), wrong role, another venue', async () => {
    const headers = await as(DEMO.gerente);
    const body = expectError(await t.app.inject({ method: 'POST', url: '/api/ServiceSchedule/', headers, payload: { value: 0 } }), 400, 'Preencha um nome para continuar', true);
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
      'Preencha um nome para continuar',
      'Preencha um preço para continuar',
      'Selecione uma agenda para continuar',
      'Preencha a duração para continuar',
    ]);
    const chef = await scheduleId('Degustação com o chef');
    const ok = { name: 'X', value: 10, scheduleId: chef, duration: 10 };
    expectError(await t.app.inject({ method: 'POST', url: '/api/ServiceSchedule/', headers: await as(DEMO.cozinha), payload: ok }), 403, MSG.accessDenied);
    // Another venue's agenda answers like a missing one (issue 37).
    expectError(await t.app.inject({ method: 'POST', url: '/api/ServiceSchedule/', headers: await as(DEMO.escola), payload: ok }), 404, SCHED_MSG.agendaNotFound);
    expect(await count('schedule_services')).toBe(4);
  });
});

describe('images', () => {
  it('stores an image whose bytes are an image, serves it publicly and refuses other bytes and large files', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const res = await t.app.inject({ method: 'POST', url: `/api/Schedule/UploadImage?localClientId=${venue}`, headers: { ...headers, 'content-type': 'application/octet-stream' }, payload: PNG });
    expect(res.statusCode).toBe(201);
    const url: string = res.json().url;
    expect(url).toMatch(new RegExp(`^/api/Schedule/Image/${venue}/[0-9a-f]{32}\\.png$`));
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    // Usable on an agenda of the same venue.
    const add = await t.app.inject({ method: 'POST', url: '/api/Schedule/Add', headers, payload: await agendaPayload({ image: url }) });
    expect(add.statusCode).toBe(201);

    // A "PNG" whose bytes are text, an empty body, more than 5 MB.
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/Schedule/UploadImage?localClientId=${venue}`, headers: { ...headers, 'content-type': 'image/png' }, payload: Buffer.from('<svg onload=alert(1)>') }),
      400,
      SCHED_MSG.imageType,
    );
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expectError(await t.app.inject({ method: 'POST', url: `/api/Schedule/UploadImage?localClientId=${venue}`, headers: { ...headers, 'content-type': 'application/octet-stream' }, payload: big }), 400, SCHED_MSG.imageTooLarge);
    // Another venue's image cannot be used here; another venue cannot upload here.
    const school = await as(DEMO.escola);
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/Schedule/UploadImage?localClientId=${venue}`, headers: { ...school, 'content-type': 'application/octet-stream' }, payload: PNG }),
      403,
      MSG.accessDenied,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: `/api/Schedule/UploadImage?localClientId=${venue}`, headers: { ...(await as(DEMO.cozinha)), 'content-type': 'application/octet-stream' }, payload: PNG }),
      403,
      MSG.accessDenied,
    );
    const schoolUrl = (
      await t.app.inject({ method: 'POST', url: `/api/Schedule/UploadImage?localClientId=${t.seed.venues.school}`, headers: { ...school, 'content-type': 'application/octet-stream' }, payload: PNG })
    ).json().url;
    expectError(await t.app.inject({ method: 'POST', url: '/api/CategorySchedule/Add', headers, payload: { localClientId: venue, name: 'X', image: schoolUrl } }), 400, SCHED_MSG.imageInvalid);
    expect((await t.app.inject({ method: 'GET', url: `/api/Schedule/Image/${venue}/..%2F..%2Fx.png` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/Schedule/Image/${venue}/${'0'.repeat(32)}.png` })).statusCode).toBe(404);
  });
});

describe('calendar events, collaborator schedules and the map', () => {
  it('expands a collaborator’s agendas for a week', async () => {
    const headers = await as(DEMO.gerente);
    const gerente = await userId(DEMO.gerente);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Schedule/GetEventsByCollaborator?localClientId=${t.seed.venues.restaurant}&collaboratorId=${gerente}&start=2026-11-23&end=2026-11-30`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const events = res.json();
    expect(events).toHaveLength(10);
    expect(events[0]).toMatchObject({ title: 'Degustação com o chef (Gustavo Gerente)', start: '2026-11-24T12:00:00', end: '2026-11-24T14:30:00', kind: 'agenda' });
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/Schedule/GetEventsByCollaborator?localClientId=${t.seed.venues.restaurant}&start=2026-11-23&end=2027-11-30`, headers }),
      400,
      SCHED_MSG.calendarRange,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/Schedule/GetEventsByCollaborator?localClientId=${t.seed.venues.restaurant}&start=2026-11-23&end=2026-11-30`, headers: await as(DEMO.escola) }),
      403,
      MSG.accessDenied,
    );
  });

  it('registers a collaborator schedule, finds it on the map by name and dates, shows it on the calendar, deletes it', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const sofia = await userId(DEMO.suporte);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/CollaboratorSchedule',
      headers,
      payload: { localClientId: venue, collaboratorId: sofia, startDate: '2026-12-01', endDate: '2026-12-31', availableDays: [{ dayOfWeek: 2, startHour: '10:00', endHour: '16:00' }] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().Message).toBe(SCHED_MSG.collaboratorScheduleSaved);
    const map = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/Schedule/getByFilter?localClientId=${venue}&${q}`, headers })).json();
    expect((await map('name=sofia')).map((s: { collaboratorName: string }) => s.collaboratorName)).toEqual(['Sofia Suporte']);
    expect(await map('name=sofia&initialDate=2027-01-01')).toEqual([]);
    expect((await map('initialDate=2026-12-10&finalDate=2026-12-11')).map((s: { collaboratorName: string }) => s.collaboratorName)).toEqual(['Marcos Gerente', 'Sofia Suporte']);
    expect(await map('name=%25')).toEqual([]);
    // As the spec writes the call (name, initialDate, finalDate only): the manager's one place.
    const specOnly = await t.app.inject({ method: 'GET', url: '/api/Schedule/getByFilter?name=sofia&initialDate=&finalDate=', headers });
    expect(specOnly.statusCode, specOnly.body).toBe(200);
    expect(specOnly.json().map((s: { collaboratorName: string }) => s.collaboratorName)).toEqual(['Sofia Suporte']);
    // An account with several places: the spec's call answers for the session's current place, the
    // first place until a call names another (the restaurant, then the school).
    const admin = await as(DEMO.admin);
    const first = await t.app.inject({ method: 'GET', url: '/api/Schedule/getByFilter?name=sofia', headers: admin });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().map((s: { collaboratorName: string }) => s.collaboratorName)).toEqual(['Sofia Suporte']);
    expect((await t.app.inject({ method: 'GET', url: `/api/Schedule/getByFilter?localClientId=${t.seed.venues.school}&name=sofia`, headers: admin })).statusCode).toBe(200);
    const school = await t.app.inject({ method: 'GET', url: '/api/Schedule/getByFilter?name=sofia', headers: admin });
    expect(school.statusCode, school.body).toBe(200);
    expect(school.json()).toEqual([]);
    const events = (
      await t.app.inject({ method: 'GET', url: `/api/Schedule/GetEventsByCollaborator?localClientId=${venue}&collaboratorId=${sofia}&start=2026-11-30&end=2026-12-07`, headers })
    ).json();
    expect(events.map((e: { title: string; start: string }) => [e.title, e.start])).toEqual([['Escala: Sofia Suporte', '2026-12-01T10:00:00']]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/CollaboratorSchedule/Delete?id=${res.json().id}`, headers })).json()).toEqual({ Message: SCHED_MSG.collaboratorScheduleDeleted });
  });

  it('collaborator schedule: bad input, wrong role, another venue', async () => {
    const headers = await as(DEMO.gerente);
    const venue = t.seed.venues.restaurant;
    const before = await count('collaborator_schedules');
    const body = expectError(await t.app.inject({ method: 'POST', url: '/api/CollaboratorSchedule', headers, payload: { localClientId: venue } }), 400, SCHED_MSG.collaboratorRequired, true);
    expect(body.errors).toHaveLength(4);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/CollaboratorSchedule',
        headers,
        payload: { localClientId: venue, collaboratorId: await userId(DEMO.escola), startDate: '2026-12-01', endDate: '2026-12-31', availableDays: [{ dayOfWeek: 2, startHour: '10:00', endHour: '16:00' }] },
      }),
      400,
      SCHED_MSG.collaboratorNotMember,
    );
    expectError(await t.app.inject({ method: 'POST', url: '/api/CollaboratorSchedule', headers: await as(DEMO.cozinha), payload: { localClientId: venue } }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Schedule/getByFilter?localClientId=${venue}`, headers: await as(DEMO.escola) }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'GET', url: `/api/Schedule/getByFilter?localClientId=${venue}&initialDate=2026-12-02&finalDate=2026-12-01`, headers }), 400, SCHED_MSG.dateOrder);
    const [seeded] = await rows<{ id: string }>(t, 'select id from collaborator_schedules');
    // Another venue's collaborator schedule answers like a missing one (issue 37).
    expectError(await t.app.inject({ method: 'DELETE', url: `/api/CollaboratorSchedule/Delete?id=${seeded.id}`, headers: await as(DEMO.escola) }), 404, SCHED_MSG.collaboratorScheduleNotFound);
    expect(await count('collaborator_schedules')).toBe(before);
  });
});

describe('tablet sync (sandbox)', () => {
  it('sends the current place and answers the spec’s message, labelled sandbox', async () => {
    const headers = await as(DEMO.gerente);
    const provider = await t.app.inject({ method: 'GET', url: '/api/MeepEstabelecimento/DeliveryActivationProvider', headers });
    expect(provider.json()).toEqual({ sandbox: true, name: 'sandbox', notConfigured: null });
    const res = await t.app.inject({ method: 'POST', url: '/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld', headers, payload: { id: t.seed.venues.restaurant, name: 'ignorado' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ razaoSocial: 'Restaurante Sabor da Casa', Message: 'Restaurante Sabor da Casa Importado com sucesso.', sandbox: true });
    expectError(await t.app.inject({ method: 'POST', url: '/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld', headers: await as(DEMO.escola), payload: { id: t.seed.venues.restaurant } }), 403, MSG.accessDenied);
    expectError(await t.app.inject({ method: 'POST', url: '/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld', headers: await as(DEMO.cozinha), payload: { id: t.seed.venues.restaurant } }), 403, MSG.accessDenied);
    expect((await t.app.inject({ method: 'POST', url: '/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld', headers, payload: { id: 'nope' } })).statusCode).toBe(400);
  });
});
