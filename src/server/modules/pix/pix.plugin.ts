/**
 * The API Pix webhook receiver. The URL registered at the PSP is {PUBLIC_URL}/api/pix/webhook/{token}
 * (the token is secret: pix.service.ts pixWebhookToken; docs/integrations.md says how to register it
 * and how to put mTLS in front); API Pix calls {webhookUrl}/pix with { pix: [...] }. A wrong token is
 * 404 with nothing queued; every address is rate-limited (wrong tokens far more strictly), and one
 * call queues at most PIX_WEBHOOK_MAX_REREADS re-reads. Nothing in the body is believed: each of our
 * pending charges it names gets a re-read job on the durable queue (PIX_REREAD_JOB), which reads
 * the cob from the PSP (pix.service.ts `refresh`), so a forged call changes nothing. The webhook
 * answers as soon as the jobs are stored; a PSP that cannot be read is retried with backoff.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import { MSG } from '../../../shared/messages';
import { HttpError, tooManyRequests } from '../../lib/http-error';
import { PermanentJobError } from '../../lib/jobs';
import { hitRateLimit } from '../../lib/rate-limit';
import type { ModuleOptions } from '../module-options';
import { PixApiError } from './adapters/api-pix';
import { getPixService, PIX_REREAD_JOB, PIX_REREAD_RETRY } from './pix.service';

export const PIX_WEBHOOK_PATH = '/api/pix/webhook';
/** Calls per address and minute with the right token (a PSP's bursts fit; PIX_WEBHOOK_RATE_LIMIT changes it). */
export const PIX_WEBHOOK_RATE_LIMIT = 600;
/** Wrong-token calls per address in 10 minutes before 429 (guessing the token is hopeless anyway). */
export const PIX_WEBHOOK_BAD_TOKEN_LIMIT = 20;
const NOT_FOUND = 'Recurso não encontrado.';

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const webhookBody = z.object({
  pix: z.array(z.looseObject({ txid: z.optional(z.string().max(35)), endToEndId: z.optional(z.string().max(32)) })).max(1000),
});

export async function pixPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const pix = getPixService(opts);
  if (pix.mode === 'off') return;
  app.jobs.defineJob<{ txid: string }>(
    PIX_REREAD_JOB,
    async ({ txid }) => {
      try {
        await pix.refresh(String(txid));
      } catch (err) {
        // The PSP refusing the read (4xx other than 404, handled in refresh) will not get better.
        if (err instanceof PixApiError) throw new PermanentJobError(`cob ilegível: ${err.status}`);
        throw err;
      }
    },
    PIX_REREAD_RETRY,
  );
  const db = opts.db.db;
  const perMinute = Number(opts.env.PIX_WEBHOOK_RATE_LIMIT) > 0 ? Math.trunc(Number(opts.env.PIX_WEBHOOK_RATE_LIMIT)) : PIX_WEBHOOK_RATE_LIMIT;
  /** The token first (a wrong one is 404, counted against its address), then the address's rate. */
  async function admit(ip: string, token: string): Promise<void> {
    if (!sameToken(token, pix.webhookToken)) {
      const wait = await hitRateLimit(db, `pix-webhook:bad:${ip}`, PIX_WEBHOOK_BAD_TOKEN_LIMIT, 600);
      if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
      throw new HttpError(404, NOT_FOUND);
    }
    const wait = await hitRateLimit(db, `pix-webhook:ip:${ip}`, perMinute, 60);
    if (wait > 0) throw tooManyRequests(wait, MSG.tooManyAttempts(wait));
  }
  const api = app.withTypeProvider<ZodTypeProvider>();
  // The token is checked before the body is even parsed: a stranger learns nothing from a 400.
  api.post(
    `${PIX_WEBHOOK_PATH}/:token/pix`,
    {
      config: { public: true },
      onRequest: async (req) => admit(req.ip, (req.params as { token: string }).token),
      schema: { params: z.object({ token: z.string().max(200) }), body: webhookBody, response: { 200: z.object({}), 400: errorBody, 404: errorBody, 429: errorBody, 503: errorBody } },
    },
    async (req) => {
      await pix.handleWebhook(req.body);
      return {};
    },
  );
  // The old tokenless path (/api/pix/webhook/pix) and the bare URL: 404, nothing queued, counted as a wrong token.
  api.post(
    `${PIX_WEBHOOK_PATH}/:token`,
    { config: { public: true }, onRequest: async (req) => admit(req.ip, ''), schema: { params: z.object({ token: z.string().max(200) }), response: { 404: errorBody, 429: errorBody } } },
    async () => {
      throw new HttpError(404, NOT_FOUND);
    },
  );
}
