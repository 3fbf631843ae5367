/** The marketplace integration's API contract (spec 001 §3, §7). */
import { z } from 'zod/mini';
import '../zod-locale';
import { MARKETPLACE_MSG, MERCHANT_ID_MAX } from '../marketplace';

export const MARKETPLACE_ROLE = 'IntegracaoIfoodKds';

// --- Marketplace integration (spec 001 §3, §7) -----------------------------------------------

/** id is the venue's id (spec 000 §3: the merchant configuration's id defaults to the local id). */
export const marketplaceIntegration = z.object({
  id: z.string(),
  merchantId: z.pipe(z.string().check(z.trim()), z.string().check(z.maxLength(MERCHANT_ID_MAX, MARKETPLACE_MSG.merchantIdTooLong))),
  isActive: z.boolean(),
});
export type MarketplaceIntegration = z.infer<typeof marketplaceIntegration>;
export const marketplaceSave = marketplaceIntegration.check(
  z.refine((m) => !m.isActive || m.merchantId.length > 0, { message: MARKETPLACE_MSG.merchantIdRequired, path: ['merchantId'] }),
);
export const marketplaceSaveResponse = z.object({ id: z.string() });
