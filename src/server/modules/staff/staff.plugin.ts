/** Registers a venue's own setup (issue 24): creating a place, its people and profiles, devices paired by code. */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { deviceRoutes } from './devices.routes';
import { invitationRoutes } from './invitations.routes';
import { staffRoutes } from './staff.routes';
import { venueRoutes } from './venues.routes';

export async function staffPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  await app.register(venueRoutes, { db: opts.db.db });
  await app.register(staffRoutes, { db: opts.db.db, mailer: opts.mailer, publicUrl: opts.config.publicUrl });
  await app.register(deviceRoutes, { db: opts.db.db });
  await app.register(invitationRoutes, { db: opts.db.db });
}
