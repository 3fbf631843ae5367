/**
 * The API Pix webhook receiver. The URL registered at the PSP is {PUBLIC_URL}/api/pix/webhook; API
 * Pix calls {webhookUrl}/pix with { pix: [...] }. Nothing in the body is believed: each of our
 * pending charges it names gets a re-read job on the durable queue (PIX_REREAD_JOB), which reads
 * the cob from the PSP (pix.service.ts `refresh`), so a forged call changes nothing. The webhook
 * answers as soon as the jobs are stored; a PSP that cannot be read is retried with backoff.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import { PermanentJobError } from '../../lib/jobs';
import type { ModuleOptions } from '../module-options';
import { PixApiError } from './api-pix-client';
import { getPixService, PIX_REREAD_JOB, PIX_REREAD_RETRY } from './pix.service';

export const PIX_WEBHOOK_PATH = '/api/pix/webhook';

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
  app.withTypeProvider<ZodTypeProvider>().post(
    `${PIX_WEBHOOK_PATH}/pix`,
    { config: { public: true }, schema: { body: webhookBody, response: { 200: z.object({}), 400: errorBody, 503: errorBody } } },
    async (req) => {
      await pix.handleWebhook(req.body);
      return {};
    },
  );
}
