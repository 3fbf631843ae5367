/** Registers the waiter's area (issue 18): tables with open orders, the menu and "Entregue à mesa". Needs the orders module first. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { waiterRoutes } from './waiter.routes';

export async function waiterPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  if (!app.orders) throw new Error('waiterPlugin precisa do módulo de pedidos registrado antes');
  await app.register(waiterRoutes, { db: opts.db.db, orders: app.orders });
}
