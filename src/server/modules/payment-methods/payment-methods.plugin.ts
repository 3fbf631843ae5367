/** Registers the payment methods of a place (issue 24). */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { paymentMethodRoutes } from './payment-methods.routes';

export async function paymentMethodsPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  paymentMethodRoutes(app, { db: opts.db.db });
}
