/** Board calls that are not order commands (they do not go through the outbox). */
import { carrier, merchantConfiguration, type Carrier } from '../../../../shared/contract/orders';
import { KDS_PATHS } from '../../../../shared/orders';
import { api } from '../../../lib/api-client';

export function createCarrier(localId: string, input: { Nome: string; Telefone: string; Documento: string }): Promise<Carrier> {
  return api(KDS_PATHS.carriers, { method: 'POST', body: { ...input, LocalClienteId: localId }, schema: carrier });
}

/** Opens or closes the venue's store on the marketplace (store-status modal). */
export function setMarketplaceStoreOpen(localId: string, open: boolean) {
  return api(KDS_PATHS.merchantConfiguration, { method: 'POST', body: { localClienteId: localId, isActive: open }, schema: merchantConfiguration });
}
