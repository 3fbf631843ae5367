/** Builds the Fastify app (never listens): plugins, API modules and, when present, the built PWA. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import '../shared/zod-locale';
import { API_EXTENSIONS } from '../shared/api-extensions';
import { APP_VERSION } from '../shared/constants';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { createLocalFileStorage, type FileStorage } from './lib/file-storage';
import type { Mailer } from './lib/mailer';
import { authRoutes } from './modules/auth/auth.routes';
import { downloadRoutes } from './modules/downloads/downloads';
import { accessLimitsPlugin } from './modules/access-limits/access-limits.plugin';
import { foodConfigPlugin } from './modules/food-config/food-config.plugin';
import { marketplacePlugin } from './modules/marketplace/marketplace.plugin';
import { cashlessPlugin } from './modules/cashless/cashless.plugin';
import { dashboardPlugin } from './modules/dashboard/dashboard.plugin';
import { donationsPlugin } from './modules/donations/donations.plugin';
import { ordersPlugin } from './modules/orders/orders.plugin';
import { printersPlugin } from './modules/printers/printers.plugin';
import { waiterPlugin } from './modules/waiter/waiter.plugin';
import { productsPlugin } from './modules/products/products.plugin';
import { salesPointsPlugin } from './modules/sales-points/sales-points.plugin';
import { storesPlugin } from './modules/stores/stores.plugin';
import { schedulingPlugin } from './modules/scheduling/scheduling.plugin';
import { customersPlugin } from './modules/customers/customers.plugin';
import { paymentLinksPlugin } from './modules/payment-links/payment-links.plugin';
import { tableBillPlugin } from './modules/table-bill/table-bill.plugin';
import { pixPlugin } from './modules/pix/pix.plugin';
import { financePlugin } from './modules/finance/finance.plugin';
import { accreditationPlugin } from './modules/accreditation/accreditation.plugin';
import { tutorialsPlugin } from './modules/tutorials/tutorials.plugin';
import { cachePolicyPlugin } from './plugins/cache-policy';
import { contractPlugin } from './plugins/contract';
import { accountPlugin } from './modules/account/account.plugin';
import { paymentMethodsPlugin } from './modules/payment-methods/payment-methods.plugin';
import { customerCategoriesPlugin } from './modules/customer-categories/customer-categories.plugin';
import { productCategoriesPlugin } from './modules/product-categories/product-categories.plugin';
import { bankAccountsPlugin } from './modules/bank-accounts/bank-accounts.plugin';
import { staffPlugin } from './modules/staff/staff.plugin';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { healthRoute } from './plugins/health';
import { jobsPlugin } from './plugins/jobs';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { securityHeadersPlugin } from './plugins/security-headers';

export interface BuildOptions {
  db: DbHandle;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl' | 'legacyPortalUrl' | 'betaPortalUrl' | 'frameAllowedOrigins'> &
    Partial<Pick<Config, 'trustProxy'>> & { staticDir?: string; dataDir?: string };
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
  /** Our calls beyond the spec's (src/shared/api-extensions.ts): the PWA uses them only when listed. */
  apiExtensions: z.array(z.string()),
});

export async function buildApp(opts: BuildOptions) {
  const proxies = opts.config.trustProxy ?? false;
  const app = Fastify({
    logger: opts.logger ?? false,
    // The existing backend's paths mix cases ("api/Account/Register", "api/account/userinfo").
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Forwarded headers are believed only from the proxies TRUST_PROXY names (default: none), so a
    // client cannot pick its own address and dodge the per-address limits.
    trustProxy: typeof proxies === 'number' ? (_addr: string, hop: number) => hop < proxies : proxies,
    bodyLimit: 8 * 1024 * 1024,
    frameworkErrors,
  });
  // API answers above 1 KB are compressed (brotli or gzip, as the client accepts); the event stream
  // never is (it must flush each event). Static files come pre-compressed from the build.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, { frameAllowedOrigins: opts.config.frameAllowedOrigins, legacyPortalUrl: opts.config.legacyPortalUrl });
  await app.register(authPlugin, { db: opts.db.db, handle: opts.db });
  await app.register(cachePolicyPlugin);
  await app.register(contractPlugin);
  await app.register(securityPlugin);
  await app.register(openApiPlugin);
  await app.register(jobsPlugin, { handle: opts.db, env: opts.env ?? process.env });

  // Each dependency separately (plugins/health.ts).
  const files = opts.files ?? createLocalFileStorage(opts.config.dataDir);
  healthRoute(app, { db: opts.db, files, env: opts.env ?? process.env });

  app.get('/runtime-config.json', { config: { public: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return runtimeConfigSchema.parse({
      apiBaseUrl: '',
      legacyPortalUrl: opts.config.legacyPortalUrl ?? null,
      betaPortalUrl: opts.config.betaPortalUrl ?? null,
      frameAllowedOrigins: opts.config.frameAllowedOrigins,
      version: APP_VERSION,
      apiExtensions: Object.values(API_EXTENSIONS),
    });
  });

  await app.register(authRoutes, { db: opts.db.db, mailer: opts.mailer, publicUrl: opts.config.publicUrl });
  const moduleOptions = { db: opts.db, mailer: opts.mailer, config: opts.config, files, env: opts.env ?? process.env };
  for (const plugin of [foodConfigPlugin, salesPointsPlugin, marketplacePlugin, productsPlugin, storesPlugin, accessLimitsPlugin]) {
    await app.register(plugin, moduleOptions);
  }
  await app.register(ordersPlugin, moduleOptions);
  await app.register(printersPlugin, moduleOptions);
  await app.register(waiterPlugin, moduleOptions);
  await app.register(schedulingPlugin, moduleOptions);
  await app.register(cashlessPlugin, moduleOptions);
  await app.register(dashboardPlugin, moduleOptions);
  await app.register(customersPlugin, moduleOptions);
  await app.register(pixPlugin, moduleOptions);
  await app.register(paymentLinksPlugin, moduleOptions);
  // Issue 41: the table's bill (after pix, whose webhook settles its Pix).
  await app.register(tableBillPlugin, moduleOptions);
  await app.register(donationsPlugin, moduleOptions);
  await app.register(financePlugin, moduleOptions);
  await app.register(accreditationPlugin, moduleOptions);
  await app.register(tutorialsPlugin, moduleOptions);
  // Issue 24: "Minha conta" and the place's registries (payment methods, categories, bank accounts).
  for (const plugin of [accountPlugin, paymentMethodsPlugin, customerCategoriesPlugin, productCategoriesPlugin, bankAccountsPlugin]) {
    await app.register(plugin, moduleOptions);
  }
  await app.register(staffPlugin, moduleOptions);
  downloadRoutes(app, { db: opts.db.db, files });

  const staticDir = opts.config.staticDir;
  let indexHtml: Buffer | null = null;
  if (staticDir && fs.existsSync(path.join(staticDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: true,
      index: false,
      // dist/app holds a .br and a .gz beside each text asset (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed assets never change; the shell, the service worker and the manifest must revalidate.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
    indexHtml = fs.readFileSync(path.join(staticDir, 'index.html'));
    // The address `npm start` prints: the static plugin would answer this directory with 403.
    const shell = indexHtml;
    app.get('/', { config: { public: true }, schema: { hide: true } }, (_req, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell),
    );
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
