/**
 * The accreditation provider (the payments provider's credentialing back end, spec 001 §7
 * "MPPagamentosCredentials" / "MPPagamentosCompliance"). The embedded default is the sandbox
 * (sandbox.ts, labelled "Sandbox" on the screens; in production only with ALLOW_SANDBOXES=accreditation); a real one is ACCREDITATION_PROVIDER_URL +
 * ACCREDITATION_PROVIDER_TOKEN (http.ts).
 */
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../../lib/sandboxes';

export interface ProposalRequest {
  document: string;
  fullName: string;
  acquirerId: number;
  mcc: string | null;
}

export interface AccreditationProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** Set when nothing answers (production without a provider nor its sandbox): what to configure. */
  readonly notConfigured?: string;
  /** Sends a proposal to an acquirer; it starts pending. */
  submitProposal(req: ProposalRequest): Promise<{ proposalId: string }>;
  /** The merchant's MCC as the acquirer knows it, or null when it has none. */
  fetchMcc(document: string): Promise<string | null>;
  /** The address of the merchant's management portal, or null when there is none. */
  managementUrl(document: string): Promise<string | null>;
}

export class ProviderError extends Error {}

export async function createAccreditationProvider(env: Record<string, string | undefined>): Promise<AccreditationProvider> {
  const url = env.ACCREDITATION_PROVIDER_URL?.trim();
  if (url) {
    const { createHttpProvider } = await import('./http');
    return createHttpProvider({ baseUrl: url, token: env.ACCREDITATION_PROVIDER_TOKEN ?? '' });
  }
  if (!sandboxAllowed(env, 'accreditation')) {
    const message = NOT_CONFIGURED_MSG.accreditation;
    const refuse = () => Promise.reject(new ProviderNotConfiguredError(message));
    return { name: NOT_CONFIGURED_NAME, sandbox: false, notConfigured: message, submitProposal: refuse, fetchMcc: refuse, managementUrl: refuse };
  }
  const { createSandboxProvider } = await import('./sandbox');
  return createSandboxProvider();
}
