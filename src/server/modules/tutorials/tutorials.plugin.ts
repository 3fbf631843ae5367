/**
 * Registers the tutorials area: the addresses of the tutorial videos (spec 001 §2.12), read from
 * TUTORIALS_PORTAL_LINKS and TUTORIALS_POS_LINKS on each request. Any signed-in user may read them
 * (the spec gives the pages no role).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '../../../shared/contract/common';
import { TUTORIALS_API, tutorialLinks } from '../../../shared/contract/tutorials';
import { parseTutorialLinks, TUTORIAL_PAGES } from '../../../shared/tutorials';
import type { ModuleOptions } from '../module-options';

export async function tutorialsPlugin(fastify: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(TUTORIALS_API.links, { schema: { response: { 200: tutorialLinks, 401: errorBody } } }, async () => ({
    portal: parseTutorialLinks(opts.env[TUTORIAL_PAGES.portal.env]),
    pos: parseTutorialLinks(opts.env[TUTORIAL_PAGES.pos.env]),
  }));
}
