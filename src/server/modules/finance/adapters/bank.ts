/**
 * The bank (transfers out of the payments account). Sandbox by default (outside production, or
 * with ALLOW_SANDBOXES=finance); BANK_API_URL + BANK_API_TOKEN select the real one.
 */
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../../shared/not-configured';
import { ProviderNotConfiguredError, sandboxAllowed } from '../../../lib/sandboxes';
import { callProvider, providerConfig } from './http';
import { createSandboxBank } from './sandbox';

export interface BankTransfer {
  bankCode: string;
  agency: string;
  account: string;
  accountDigit: string;
  accountType: number;
  document: string;
  holderName: string;
  amountCents: number;
}

export interface BankAdapter {
  name: string;
  sandbox: boolean;
  /** Set when no bank answers (production without BANK_API_* nor its sandbox): what to configure. */
  notConfigured?: string;
  /** Sends a transfer; answers the bank's protocol, or throws with the bank's reason. */
  transfer(t: BankTransfer): Promise<{ protocol: string }>;
}

export function createBank(env: Record<string, string | undefined>): BankAdapter {
  const cfg = providerConfig(env, 'BANK');
  if (!cfg && !sandboxAllowed(env, 'finance')) {
    const message = NOT_CONFIGURED_MSG.bank;
    return { name: NOT_CONFIGURED_NAME, sandbox: false, notConfigured: message, transfer: () => Promise.reject(new ProviderNotConfiguredError(message)) };
  }
  if (!cfg) return createSandboxBank();
  return {
    name: new URL(cfg.baseUrl).host,
    sandbox: false,
    transfer: (t) => callProvider<{ protocol: string }>(cfg, 'POST', 'transfers', t),
  };
}
