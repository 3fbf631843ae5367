/**
 * "Sincronizar produtos com o tablet" (spec 001 §2.4 item 8, §7): the delivery-activation call
 * `POST api/{provider}Estabelecimento/AtivarEstabelecimentoDeliveryOld`, its interface. http.ts
 * calls that backend, sandbox.ts is the embedded default, index.ts picks one from the configuration.
 */

/** spec 001 §9: sync client timeout. */
export const SYNC_TIMEOUT_MS = 30_000;

export interface DeliveryActivationBody {
  id: string;
  name: string;
  urlMeepFood: string;
  description: string;
  deliveryTime: number;
  deliveryFee: number;
}

export interface DeliveryActivationAdapter {
  name: string;
  sandbox: boolean;
  /** Set when nothing answers (production without DELIVERY_ACTIVATION_URL nor its sandbox): what to configure. */
  notConfigured?: string;
  /** Answers the razaoSocial the backend gives back; throws DeliveryActivationError with a pt-BR message. */
  activate(body: DeliveryActivationBody): Promise<{ razaoSocial: string }>;
}

export class DeliveryActivationError extends Error {}
