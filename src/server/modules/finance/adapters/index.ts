/**
 * The finance providers chosen from the configuration. Each is sandbox by default (outside
 * production, or with ALLOW_SANDBOXES=finance); ACQUIRER_API_URL, BANK_API_URL and ERP_API_URL (each
 * with its _TOKEN, and _TIMEOUT_MS: how long a call may take, default 30 s) select the real ones.
 * In production without them each says "não configurado".
 */
import type { PixService } from '../../pix/pix.service';
import { NOT_CONFIGURED_MSG, NOT_CONFIGURED_NAME } from '../../../../shared/not-configured';
import { notConfiguredAdapter, ProviderNotConfiguredError, sandboxAllowed } from '../../../lib/sandboxes';
import { createHttpTransactionLookup, pspOperations } from './acquirer';
import { createHttpBank } from './bank';
import { createHttpErp } from './erp';
import { providerConfig } from './http';
import { createSandboxAcquirer, createSandboxBank, createSandboxErp } from './sandbox';
import type { AcquirerAdapter, BankAdapter, ErpAdapter } from './types';

export type * from './types';
export { ProviderError, ProviderUnavailableError, PspUnavailableError } from './types';

export function createAcquirer(env: Record<string, string | undefined>, pix: PixService): AcquirerAdapter {
  const cfg = providerConfig(env, 'ACQUIRER');
  const off = !cfg && !sandboxAllowed(env, 'finance') ? NOT_CONFIGURED_MSG.financeAcquirer : undefined;
  const sandbox = createSandboxAcquirer();
  const lookup = cfg ? createHttpTransactionLookup(cfg) : sandbox;
  return {
    name: cfg ? new URL(cfg.baseUrl).host : off ? NOT_CONFIGURED_NAME : sandbox.name,
    sandbox: !off && (!cfg || pix.mode === 'sandbox'),
    notConfigured: off,
    findTransaction: off ? () => Promise.reject(new ProviderNotConfiguredError(off)) : lookup.findTransaction,
    ...pspOperations(pix),
  };
}

export function createBank(env: Record<string, string | undefined>): BankAdapter {
  const cfg = providerConfig(env, 'BANK');
  if (!cfg && !sandboxAllowed(env, 'finance')) {
    return { ...notConfiguredAdapter(NOT_CONFIGURED_MSG.bank, ['transfer', 'transferStatus']), timeoutMs: 0 };
  }
  return cfg ? createHttpBank(cfg) : createSandboxBank();
}

export function createErp(env: Record<string, string | undefined>): ErpAdapter {
  const cfg = providerConfig(env, 'ERP');
  if (!cfg && !sandboxAllowed(env, 'finance')) {
    return { ...notConfiguredAdapter(NOT_CONFIGURED_MSG.erp, ['exportInvoice', 'exportStatus']), timeoutMs: 0 };
  }
  return cfg ? createHttpErp(cfg) : createSandboxErp();
}
