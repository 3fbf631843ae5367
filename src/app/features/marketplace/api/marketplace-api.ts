/** Marketplace integration read and save (spec 001 §7: paths ours, in src/shared/contract/food-config.ts). */
import { queryOptions } from '@tanstack/react-query';
import { FOOD_CONFIG_API } from '../../../../shared/contract/food-config';
import {
  marketplaceIntegration,
  marketplaceSaveResponse,
  type MarketplaceIntegration,
} from '../../../../shared/contract/marketplace';
import { api } from '../../../lib/api-client';

export const marketplaceQueries = {
  integration: (localId: string) =>
    queryOptions({
      queryKey: ['marketplace', 'integration', localId] as const,
      queryFn: () => api(FOOD_CONFIG_API.marketplace(localId), { schema: marketplaceIntegration }),
      staleTime: 0,
    }),
};

export const saveMarketplaceIntegration = (body: MarketplaceIntegration) =>
  api(FOOD_CONFIG_API.saveMarketplace, { method: 'POST', body, schema: marketplaceSaveResponse });
