/**
 * The delivery-activation backend chosen from the configuration: with DELIVERY_ACTIVATION_URL set,
 * that backend is called over HTTP (http.ts, bearer DELIVERY_ACTIVATION_TOKEN); without it the
 * embedded sandbox (sandbox.ts) answers, and the screen labels the button "sandbox" (in production
 * only with ALLOW_SANDBOXES=scheduling; else "não configurado").
 */
import { NOT_CONFIGURED_MSG } from '../../../../shared/not-configured';
import { notConfiguredAdapter, sandboxAllowed } from '../../../lib/sandboxes';
import { createHttpDeliveryActivation } from './http';
import { createSandboxDeliveryActivation } from './sandbox';
import type { DeliveryActivationAdapter } from './types';

export type * from './types';
export { DeliveryActivationError } from './types';

export function createDeliveryActivation(env: Record<string, string | undefined>): DeliveryActivationAdapter {
  const base = env.DELIVERY_ACTIVATION_URL?.trim();
  if (!base && !sandboxAllowed(env, 'scheduling')) {
    return notConfiguredAdapter(NOT_CONFIGURED_MSG.scheduling, ['activate']);
  }
  return base ? createHttpDeliveryActivation(base, env.DELIVERY_ACTIVATION_TOKEN?.trim() || undefined) : createSandboxDeliveryActivation();
}
