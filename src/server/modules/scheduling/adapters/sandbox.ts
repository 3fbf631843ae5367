/**
 * The embedded delivery-activation sandbox: accepts the store, records the call in memory (so a
 * test or a curious developer can see what would have been sent) and answers the store's name as
 * razaoSocial. Nothing leaves the server; the screen says "sandbox".
 */
import type { DeliveryActivationAdapter, DeliveryActivationBody } from './types';

export const SANDBOX_NAME = 'sandbox';

export function createSandboxDeliveryActivation(): DeliveryActivationAdapter & { calls: DeliveryActivationBody[] } {
  const calls: DeliveryActivationBody[] = [];
  return {
    name: SANDBOX_NAME,
    sandbox: true,
    calls,
    async activate(body) {
      calls.push(body);
      if (calls.length > 100) calls.shift();
      return { razaoSocial: body.name };
    },
  };
}
