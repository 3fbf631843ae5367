/** GET api/SuperApp/Event/UpcomingEvents and OngoingEvents: the events a ticket product picks. */
import { describe, expect, it } from 'vitest';
import { ONGOING_EVENT_HOURS, TICKET_EVENT_PATHS } from '../../../src/shared/contract/ticket-events';
import { DEMO, useTestApp } from '../../setup/server';
import { rows } from '../helpers';

const t = useTestApp();
const HOUR = 3_600_000;

/** Adds an event to a venue `offsetHours` from now (negative: started before). */
async function event(venueId: string, name: string, offsetHours: number, active = true) {
  const date = new Date(Date.now() + offsetHours * HOUR).toISOString();
  const [r] = await rows<{ id: string }>(
    t,
    `insert into donation_events (venue_id, name, link, date, is_active) values ('${venueId}', '${name}', '${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 8)}', '${date}', ${active}) returning id`,
  );
  return r.id;
}

const get = (token: string, path: string, localId: string | null) =>
  t.app.inject({ method: 'GET', url: localId === null ? path : `${path}?localId=${localId}`, headers: t.auth(token) });

describe('ticket events (api/SuperApp/Event)', () => {
  it('splits the place\'s active events into upcoming and ongoing, soonest first', async () => {
    const venue = t.seed.venues.restaurant;
    const show = await event(venue, 'Show de sexta', 30);
    const fair = await event(venue, 'Feira de domingo', 72);
    const now = await event(venue, 'Festa junina', -2);
    await event(venue, 'Festival antigo', -(ONGOING_EVENT_HOURS + 1));
    await event(venue, 'Evento cancelado', 10, false);
    const token = await t.login(DEMO.gerente);
    const upcoming = await get(token, TICKET_EVENT_PATHS.upcoming, venue);
    expect(upcoming.statusCode).toBe(200);
    expect(upcoming.json().map((e: { id: string }) => e.id)).toEqual([show, fair]);
    expect(upcoming.json()[0]).toMatchObject({ id: show, name: 'Show de sexta' });
    const ongoing = await get(token, TICKET_EVENT_PATHS.ongoing, venue);
    expect(ongoing.statusCode).toBe(200);
    expect(ongoing.json().map((e: { name: string }) => e.name)).toEqual(['Festa junina']);
    expect(ongoing.json()[0].id).toBe(now);
  });

  it('answers the paths case-insensitively, as the spec writes them', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get(token, '/api/superapp/event/upcomingevents', t.seed.venues.restaurant);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a missing place with a pt-BR message', async () => {
    const token = await t.login(DEMO.gerente);
    const res = await get(token, TICKET_EVENT_PATHS.upcoming, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toMatch(/localId/);
  });

  it('refuses without a token, a device account and another place', async () => {
    const venue = t.seed.venues.restaurant;
    expect((await t.app.inject({ method: 'GET', url: `${TICKET_EVENT_PATHS.upcoming}?localId=${venue}` })).statusCode).toBe(401);
    expect((await get(await t.login(DEMO.cozinha), TICKET_EVENT_PATHS.upcoming, venue)).statusCode).toBe(403);
    const other = await event(t.seed.venues.donations, 'Evento de outro local', 5);
    const manager = await t.login(DEMO.gerente);
    expect((await get(manager, TICKET_EVENT_PATHS.upcoming, t.seed.venues.donations)).statusCode).toBe(403);
    const mine = await get(manager, TICKET_EVENT_PATHS.upcoming, venue);
    expect(mine.json().map((e: { id: string }) => e.id)).not.toContain(other);
  });
});
