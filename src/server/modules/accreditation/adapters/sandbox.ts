/**
 * Sandbox accreditation provider (the embedded default, labelled "Sandbox" on the screens). It keeps
 * nothing of its own: proposals get a sandbox id made from their key (so a repeat with the same key
 * answers the same id, as the contract asks of a real provider) and start pending; the MCC of a merchant is known
 * for companies (CNPJ) whose check digit is even and unknown otherwise, so both paths of the MCC
 * page can be seen; the management portal exists for companies only.
 */
import { createHash } from 'node:crypto';
import type { AccreditationProvider } from './types';

/** Restaurants, schools, charities: realistic MCCs picked by the document. */
const MCCS = ['5812', '8211', '8398', '5814', '7999'];

export function createSandboxProvider(): AccreditationProvider {
  return {
    name: 'Sandbox',
    sandbox: true,
    timeoutMs: 0,
    async submitProposal(req, key) {
      return { ok: true, proposalId: `SBX-${req.acquirerId}-${createHash('sha256').update(key).digest('hex').slice(0, 8).toUpperCase()}` };
    },
    // It keeps nothing: "never received", so the settle job sends the same POST again (same id).
    async proposalStatus() {
      return { status: 'unknown' };
    },
    async fetchMcc(document) {
      const d = document.replace(/\D/g, '');
      if (d.length !== 14 || Number(d[13]) % 2 === 1) return null;
      return MCCS[Number(d.slice(8, 12)) % MCCS.length];
    },
    async managementUrl(document) {
      const d = document.replace(/\D/g, '');
      return d.length === 14 ? `https://sandbox.credenciamento.balcao.dev/gestao/${d}` : null;
    },
  };
}
