/** Registers every route of the catalogue module. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';

export async function cataloguePlugin(_app: FastifyInstance, _opts: ModuleOptions): Promise<void> {}
