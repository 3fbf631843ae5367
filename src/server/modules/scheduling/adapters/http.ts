/** The delivery-activation backend over HTTP (bearer token, the spec's 30 s sync timeout). */
import { type DeliveryActivationAdapter, DeliveryActivationError, SYNC_TIMEOUT_MS } from './types';

const FAILED = 'Não foi possível sincronizar com o tablet. Tente novamente.';

export function createHttpDeliveryActivation(baseUrl: string, token: string | undefined): DeliveryActivationAdapter {
  const url = `${baseUrl.replace(/\/$/, '')}/api/MeepEstabelecimento/AtivarEstabelecimentoDeliveryOld`;
  return {
    name: new URL(baseUrl).host,
    sandbox: false,
    async activate(body) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(SYNC_TIMEOUT_MS),
        });
      } catch {
        throw new DeliveryActivationError(FAILED);
      }
      const data = (await res.json().catch(() => null)) as { razaoSocial?: unknown; Message?: unknown } | null;
      if (!res.ok) throw new DeliveryActivationError(typeof data?.Message === 'string' && data.Message ? data.Message : FAILED);
      return { razaoSocial: typeof data?.razaoSocial === 'string' ? data.razaoSocial : body.name };
    },
  };
}
