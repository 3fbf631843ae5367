/** API contract of the skipped products (src/shared/skipped-products.ts). */
import { z } from 'zod/mini';
import '../zod-locale';

export const skippedProductListQuery = z.object({ localClienteId: z.guid() });
export const skippedProductParams = z.object({ id: z.guid() });
export const skippedProduct = z.object({
  id: z.string(),
  /** The product in the catalogue (null once it was deleted). */
  produtoId: z.nullable(z.string()),
  nomeProduto: z.string(),
  /** The product list that was being sent. */
  lista: z.string(),
  /** The equipment (POS, totem) it was being sent to. */
  equipamento: z.string(),
  motivo: z.string(),
  /** ISO date-time when it was skipped. */
  data: z.string(),
});
export type SkippedProduct = z.infer<typeof skippedProduct>;
export const skippedProductList = z.array(skippedProduct);
export { messageAnswer as skippedProductDeleted } from './common';
