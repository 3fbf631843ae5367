/**
 * "Sincronizar produtos com o tablet" (spec 001 §2.4 item 8, §7): sends the current store to the
 * delivery-activation call `POST api/{provider}Estabelecimento/AtivarEstabelecimentoDeliveryOld`.
 * With DELIVERY_ACTIVATION_URL set, that backend is called over HTTP (bearer
 * DELIVERY_ACTIVATION_TOKEN, 30 s timeout, the spec's sync client timeout); without it the embedded
 * sandbox (sandbox.ts) answers, and the screen labels the button "sandbox" (in production only with
 * ALLOW_SANDBOXES=scheduling; else "não configurado").
 */
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../lib/sandboxes';
import { createSandboxDeliveryActivation } from './sandbox';

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

const FAILED = 'Não foi possível sincronizar com o tablet. Tente novamente.';

function httpDeliveryActivation(baseUrl: string, token: string | undefined): DeliveryActivationAdapter {
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

export function createDeliveryActivation(env: Record<string, string | undefined>): DeliveryActivationAdapter {
  const base = env.DELIVERY_ACTIVATION_URL?.trim();
  if (!base && !sandboxAllowed(env, 'scheduling')) {
    const message = NOT_CONFIGURED_MSG.scheduling;
    return { name: NOT_CONFIGURED_NAME, sandbox: false, notConfigured: message, activate: () => Promise.reject(new ProviderNotConfiguredError(message)) };
  }
  return base ? httpDeliveryActivation(base, env.DELIVERY_ACTIVATION_TOKEN?.trim() || undefined) : createSandboxDeliveryActivation();
}
