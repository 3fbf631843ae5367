/** Board calls that are not order commands (they do not go through the outbox). */
import { carrier, merchantConfiguration, stateChangeResponse, type Carrier } from '../../../../shared/contract/orders';
import { KDS_PATHS } from '../../../../shared/orders';
import { api } from '../../../lib/api-client';

export function createCarrier(localId: string, input: { Nome: string; Telefone: string; Documento: string }): Promise<Carrier> {
  return api(KDS_PATHS.carriers, { method: 'POST', body: { ...input, LocalClienteId: localId }, schema: carrier });
}

/** Opens or closes the venue's store on the marketplace (store-status modal). */
export function setMarketplaceStoreOpen(localId: string, open: boolean) {
  return api(KDS_PATHS.merchantConfiguration, { method: 'POST', body: { localClienteId: localId, isActive: open }, schema: merchantConfiguration });
}

/**
 * Brings a finished or refused order back to the state it left (within 5 minutes, with a reason).
 * Online only: a recall is a correction made while looking at the order, never queued.
 */
export function recallOrder(orderId: string, reason: string, expectedStateId?: number) {
  return api(KDS_PATHS.recall, { method: 'POST', body: { Id: orderId, Motivo: reason, ExpectedStateId: expectedStateId ?? null }, schema: stateChangeResponse });
}
