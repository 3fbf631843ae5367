/**
 * The scheduling module (spec 001 §2.4): agendas, categories, services, availability, the week
 * calendar, collaborator schedules and the tablet sync. Images go through the shared file storage.
 */
import type { FastifyInstance } from 'fastify';
import type { ModuleOptions } from '../module-options';
import { createDeliveryActivation, type DeliveryActivationAdapter } from './adapters';
import { schedulingRoutes, UPLOAD_BODY_LIMIT } from './scheduling.routes';

export async function schedulingPlugin(app: FastifyInstance, opts: ModuleOptions & { delivery?: DeliveryActivationAdapter }): Promise<void> {
  // Raw image bytes for the upload call; registered in this plugin's scope only.
  app.addContentTypeParser(['application/octet-stream', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'], { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  schedulingRoutes(app, { db: opts.db.db, files: opts.files, delivery: opts.delivery ?? createDeliveryActivation(opts.env), publicUrl: opts.config.publicUrl });
}
