/**
 * The API Pix webhook receiver. The URL registered at the PSP is {PUBLIC_URL}/api/pix/webhook; API
 * Pix calls {webhookUrl}/pix with { pix: [...] }. Nothing in the body is believed: each txid is
 * re-read from the PSP (pix.service.ts `refresh`), so a forged call changes nothing. When the PSP
 * cannot be read back the answer is 503, and the PSP delivers the callback again later.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../../../shared/contract/common';
import { PIX_MSG } from '../../../shared/pix';
import { HttpError } from '../../lib/http-error';
import type { ModuleOptions } from '../module-options';
import { PixUnavailableError } from './api-pix-client';
import { getPixService } from './pix.service';

export const PIX_WEBHOOK_PATH = '/api/pix/webhook';

const webhookBody = z.object({
  pix: z.array(z.looseObject({ txid: z.optional(z.string().max(35)), endToEndId: z.optional(z.string().max(32)) })).max(1000),
});

export async function pixPlugin(app: FastifyInstance, opts: ModuleOptions): Promise<void> {
  const pix = getPixService(opts);
  if (pix.mode === 'off') return;
  app.withTypeProvider<ZodTypeProvider>().post(
    `${PIX_WEBHOOK_PATH}/pix`,
    { config: { public: true }, schema: { body: webhookBody, response: { 200: z.object({}), 400: errorBody, 503: errorBody } } },
    async (req) => {
      try {
        await pix.handleWebhook(req.body);
      } catch (err) {
        if (err instanceof PixUnavailableError) throw new HttpError(503, PIX_MSG.pspUnavailable);
        throw err;
      }
      return {};
    },
  );
}
