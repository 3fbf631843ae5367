/** Registers every route of the orders module. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';

export async function ordersPlugin(_app: FastifyInstance, _opts: ModuleOptions): Promise<void> {}
