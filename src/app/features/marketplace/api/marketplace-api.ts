/** Marketplace integration read and save (spec 001 §7: paths ours, in src/shared/contract/food-config.ts), and the iFood sandbox. */
import { FOOD_CONFIG_API } from '../../../../shared/contract/food-config';
import {
  ifoodSandboxPlaced,
  ifoodSandboxView,
  marketplaceIntegration,
  marketplaceSaveResponse,
  MARKETPLACE_API,
  type MarketplaceIntegration,
} from '../../../../shared/contract/marketplace';
import { api } from '../../../lib/api-client';
import { getQuery } from '../../../lib/get-query';

export const marketplaceQueries = {
  integration: (localId: string) =>
    ({ ...getQuery(['marketplace', 'integration', localId], FOOD_CONFIG_API.marketplace(localId), marketplaceIntegration), staleTime: 0 }),
  /** The sandbox iFood's test orders and the calls they received: refreshed while the screen is open. */
  sandbox: (localId: string) =>
    ({ ...getQuery(['marketplace', 'sandbox', localId], MARKETPLACE_API.sandbox(localId), ifoodSandboxView), refetchInterval: 3_000 }),
};

export const saveMarketplaceIntegration = (body: MarketplaceIntegration) =>
  api(FOOD_CONFIG_API.saveMarketplace, { method: 'POST', body, schema: marketplaceSaveResponse });

export const simulateSandboxOrder = (localId: string) => api(MARKETPLACE_API.sandboxOrder(localId), { method: 'POST', schema: ifoodSandboxPlaced });

export const simulateSandboxCancel = (localId: string, id: string) =>
  api(MARKETPLACE_API.sandboxCancel(localId), { method: 'POST', body: { id }, schema: ifoodSandboxPlaced });
