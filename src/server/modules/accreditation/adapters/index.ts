/**
 * The accreditation provider chosen from the configuration: ACCREDITATION_PROVIDER_URL +
 * ACCREDITATION_PROVIDER_TOKEN is a real one (http.ts; ACCREDITATION_PROVIDER_TIMEOUT_MS bounds one
 * call, default 15 s); without it the sandbox (sandbox.ts, labelled "Sandbox" on the screens; in
 * production only with ALLOW_SANDBOXES=accreditation), else "não configurado".
 */
import { NOT_CONFIGURED_MSG } from '../../../../shared/not-configured';
import { notConfiguredAdapter, sandboxAllowed } from '../../../lib/sandboxes';
import { createHttpProvider } from './http';
import { createSandboxProvider } from './sandbox';
import type { AccreditationProvider } from './types';

export type * from './types';
export { ProviderError } from './types';

export async function createAccreditationProvider(env: Record<string, string | undefined>): Promise<AccreditationProvider> {
  const url = env.ACCREDITATION_PROVIDER_URL?.trim();
  if (url) {
    const timeoutMs = Number(env.ACCREDITATION_PROVIDER_TIMEOUT_MS);
    return createHttpProvider({ baseUrl: url, token: env.ACCREDITATION_PROVIDER_TOKEN ?? '', timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : undefined });
  }
  if (!sandboxAllowed(env, 'accreditation')) {
    return { ...notConfiguredAdapter(NOT_CONFIGURED_MSG.accreditation, ['submitProposal', 'proposalStatus', 'fetchMcc', 'managementUrl']), timeoutMs: 0 };
  }
  return createSandboxProvider();
}
