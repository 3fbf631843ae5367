/** Builds the Fastify app (never listens): plugins, API modules and, when present, the built PWA. */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import '../shared/zod-locale';
import { APP_VERSION } from '../shared/constants';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { createLocalFileStorage, type FileStorage } from './lib/file-storage';
import type { Mailer } from './lib/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { downloadRoutes } from './modules/downloads/downloads';
import { cataloguePlugin } from './modules/catalogue/catalogue.plugin';
import { ordersPlugin } from './modules/orders/orders.plugin';
import { venueSetupPlugin } from './modules/venue-setup/venue-setup.plugin';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkErrors } from './plugins/errors';

export interface BuildOptions {
  db: DbHandle;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'legacyPortalUrl' | 'betaPortalUrl' | 'frameAllowedOrigins'> & { staticDir?: string; dataDir?: string };
  /** Environment the modules read their own settings from (adapters' base URLs...); default process.env. */
  env?: Record<string, string | undefined>;
  logger?: FastifyServerOptions['logger'];
  /** Shared file storage; default: local disk under `{dataDir}/files`. */
  files?: FileStorage;
}

/** What the PWA reads at start (public/runtime-config.json is the fallback for static hosting). */
export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  legacyPortalUrl: z.string().nullable(),
  betaPortalUrl: z.string().nullable(),
  frameAllowedOrigins: z.array(z.string()),
  version: z.string(),
});

export async function buildApp(opts: BuildOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    // The existing backend's paths mix cases ("api/Account/Register", "api/account/userinfo").
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    trustProxy: true,
    bodyLimit: 8 * 1024 * 1024,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(authPlugin, { db: opts.db.db });

  app.get('/api/health', { config: { public: true } }, async (_req, reply) => {
    try {
      await opts.db.exec('select 1');
      return { status: 'ok', database: opts.db.kind, version: APP_VERSION };
    } catch {
      return reply.status(503).send({ status: 'indisponível', database: opts.db.kind, version: APP_VERSION });
    }
  });

  app.get('/runtime-config.json', { config: { public: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfigSchema.parse({
      apiBaseUrl: '',
      legacyPortalUrl: opts.config.legacyPortalUrl ?? null,
      betaPortalUrl: opts.config.betaPortalUrl ?? null,
      frameAllowedOrigins: opts.config.frameAllowedOrigins,
      version: APP_VERSION,
    });
  });

  await app.register(authRoutes, { db: opts.db.db, mailer: opts.mailer, publicUrl: opts.config.publicUrl });
  const files = opts.files ?? createLocalFileStorage(opts.config.dataDir);
  const moduleOptions = { db: opts.db, mailer: opts.mailer, config: opts.config, files, env: opts.env ?? process.env };
  await app.register(venueSetupPlugin, moduleOptions);
  await app.register(cataloguePlugin, moduleOptions);
  await app.register(ordersPlugin, moduleOptions);
  downloadRoutes(app, { db: opts.db.db, files });

  const staticDir = opts.config.staticDir;
  let indexHtml: Buffer | null = null;
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; the shell, the service worker and the manifest must revalidate.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    indexHtml = fs.readFileSync(path.join(staticDir, 'index.html'));
    // "/" is the installed app's start_url: the static plugin answers a directory with 403, so serve the shell.
    const shell = indexHtml;
    app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell));
  }
  // Unknown API paths answer JSON; any other GET is a client-side route and gets the app shell.
  app.setNotFoundHandler((req, reply) => {
    if (indexHtml && req.method === 'GET' && !req.url.toLowerCase().startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ Message: 'Recurso não encontrado.' });
  });
  return app;
}
