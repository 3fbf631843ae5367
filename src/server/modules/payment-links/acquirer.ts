/**
 * The card and boleto acquirer behind the public pay page (Pix goes through API Pix, modules/pix).
 * The embedded default is the sandbox (sandbox.ts, shown as "sandbox" on the page); a real provider
 * is PAYMENT_ACQUIRER_URL + PAYMENT_ACQUIRER_TOKEN (http-acquirer.ts). In production without a
 * provider there is none (unless ALLOW_SANDBOX_PAYMENTS=true): the page says payments are not set up.
 */
import { sandboxAllowed } from '../../lib/sandboxes';

export interface CardCharge {
  amountCents: number;
  installments: number;
  reference: string;
  card: { number: string; holderName: string; expiry: string; cvv: string };
}

export interface BoletoCharge {
  amountCents: number;
  /** Due date, a calendar day (YYYY-MM-DD) in America/Sao_Paulo. */
  dueDate: string;
  /** Our payment's id (the "nosso número" is derived from it). */
  reference: string;
  description: string;
  payer: { name: string; cpf: string };
}

export interface Acquirer {
  /** Shown to the payer; "sandbox" for the embedded one. */
  readonly name: string;
  readonly sandbox: boolean;
  chargeCard(charge: CardCharge): Promise<{ status: 'paid' | 'declined'; providerRef: string }>;
  /** A boleto (payment slip): its 47-digit linha digitável. */
  createBoleto(charge: BoletoCharge): Promise<{ line: string; providerRef: string }>;
  /** Whether a boleto was paid (the provider's word). */
  boletoStatus(providerRef: string): Promise<'pending' | 'paid'>;
}

export class AcquirerUnavailableError extends Error {}

export async function createAcquirer(env: Record<string, string | undefined>): Promise<Acquirer | null> {
  const url = env.PAYMENT_ACQUIRER_URL?.trim();
  if (url) {
    const { createHttpAcquirer } = await import('./http-acquirer');
    return createHttpAcquirer({ baseUrl: url, token: env.PAYMENT_ACQUIRER_TOKEN ?? '', name: env.PAYMENT_ACQUIRER_NAME?.trim() || 'Adquirente' });
  }
  if (!sandboxAllowed(env, 'payments')) return null;
  const { createSandboxAcquirer } = await import('./sandbox');
  return createSandboxAcquirer();
}
