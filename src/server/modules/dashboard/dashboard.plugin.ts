/**
 * The sales dashboard (spec 001 §2.13, §7 "Dashboard"): installs the trigger that keeps the orders'
 * customers in dashboard_order_customers (and fills rows it missed), then registers the calls.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { SeriesCache } from './dashboard.cache';
import { dashboardRoutes } from './dashboard.routes';
import { installDashboardSql } from './dashboard.sql';

export async function dashboardPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  await installDashboardSql(opts.db);
  // DASHBOARD_SERIES_CACHE=off: every call reads the rollups (the benchmark's uncached figures).
  const cache = opts.env.DASHBOARD_SERIES_CACHE === 'off' ? null : new SeriesCache();
  await app.register(dashboardRoutes, { db: opts.db.db, cache });
}
