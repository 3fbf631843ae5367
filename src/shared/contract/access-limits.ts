/** The access limits' API contract (spec 001 §2.7, §7). */
import { z } from 'zod/mini';
import '../zod-locale';
import { guid, int32 } from './common';

/** Every integer fits its int4 column (common.ts). */
const int = int32;

// ----------------------------------------------------------------------------------------------
// Access limits (spec 001 §2.7, §7). storeId is the place (localClienteId): the screen has no store choice.

export const limitStoreParams = z.object({ storeId: guid() });
export const accessLimitList = z.array(
  z.object({
    userId: z.string(),
    username: z.string(),
    email: z.string(),
    quantity: int(),
    products: z.array(z.object({ id: z.string(), product: z.string() })),
  }),
);
export type AccessLimit = z.infer<typeof accessLimitList>[number];
export const limitDeleteProductBody = z.object({ productId: guid(), userId: guid() });
export const limitDeleteAllBody = z.object({ userId: guid(), storeId: guid() });
export const limitAddCategoryQuery = z.object({ userId: guid(), categoryId: guid() });
export const limitAddCategoryResponse = z.object({ Message: z.string(), quantity: int() });
