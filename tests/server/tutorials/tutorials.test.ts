/** Tutorial addresses (spec 001 §2.12): signed-in users only; configured from the environment, never invented. */
import { afterEach, describe, expect, it } from 'vitest';
import { tutorialLinks } from '../../../src/shared/contract/tutorials';
import { DEMO, useTestApp } from '../../setup/server';

const t = useTestApp();
const get = (token?: string) => t.app.inject({ method: 'GET', url: '/api/tutoriais/links', headers: token ? t.auth(token) : {} });

describe('GET /api/tutoriais/links', () => {
  afterEach(() => {
    delete process.env.TUTORIALS_PORTAL_LINKS;
    delete process.env.TUTORIALS_POS_LINKS;
  });

  it('answers ten missing addresses per page when none is configured', async () => {
    const res = await get(await t.login(DEMO.gerente));
    expect(res.statusCode, res.body).toBe(200);
    const body = tutorialLinks.parse(res.json());
    expect(body.portal).toEqual(Array(10).fill(null));
    expect(body.pos).toEqual(Array(10).fill(null));
  });

  it('answers the configured addresses in order, per page, to any signed-in user of any venue (the school manager too)', async () => {
    process.env.TUTORIALS_PORTAL_LINKS = 'https://videos.example/p1,,https://videos.example/p3';
    process.env.TUTORIALS_POS_LINKS = `${',https://videos.example/x'.repeat(9).slice(1)},https://ajuda.example/problemas`;
    const res = await get(await t.login(DEMO.escola));
    expect(res.statusCode, res.body).toBe(200);
    const body = tutorialLinks.parse(res.json());
    expect(body.portal.slice(0, 4)).toEqual(['https://videos.example/p1', null, 'https://videos.example/p3', null]);
    expect(body.pos[9]).toBe('https://ajuda.example/problemas');
  });

  it('refuses a request without a session', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json().Message).toBeTruthy();
  });
});
