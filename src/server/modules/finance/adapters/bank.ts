/**
 * The bank (transfers out of the payments account). Sandbox by default; BANK_API_URL +
 * BANK_API_TOKEN select the real one.
 */
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
  /** Sends a transfer; answers the bank's protocol, or throws with the bank's reason. */
  transfer(t: BankTransfer): Promise<{ protocol: string }>;
}

export function createBank(env: Record<string, string | undefined>): BankAdapter {
  const cfg = providerConfig(env, 'BANK');
  if (!cfg) return createSandboxBank();
  return {
    name: new URL(cfg.baseUrl).host,
    sandbox: false,
    transfer: (t) => callProvider<{ protocol: string }>(cfg, 'POST', 'transfers', t),
  };
}
