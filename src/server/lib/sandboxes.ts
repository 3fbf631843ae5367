/**
 * Which in-process sandboxes may answer, decided here for every adapter factory.
 *
 * Outside production every sandbox answers (labelled "sandbox" on the screens), as the demo needs.
 * With NODE_ENV=production none does unless named in ALLOW_SANDBOXES (comma-separated families, or
 * "all"); ALLOW_SANDBOX_PAYMENTS=true is the older spelling of ALLOW_SANDBOXES=payments. A provider
 * that is neither configured nor allowed answers ProviderNotConfiguredError: 503 with a pt-BR
 * message saying which variables to set (src/shared/not-configured.ts).
 */
import { NOT_CONFIGURED_NAME, SANDBOX_FAMILIES, type SandboxFamily } from '../../shared/not-configured';
import { HttpError } from './http-error';

export type Env = Record<string, string | undefined>;

export function isProduction(env: Env): boolean {
  return env.NODE_ENV === 'production';
}

/** The families ALLOW_SANDBOXES names (unknown names are ignored; "all" or "*" names every one). */
export function allowedSandboxes(env: Env): Set<SandboxFamily> {
  const names = (env.ALLOW_SANDBOXES ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const set = new Set<SandboxFamily>();
  for (const n of names) {
    if (n === 'all' || n === '*') return new Set(SANDBOX_FAMILIES);
    if ((SANDBOX_FAMILIES as readonly string[]).includes(n)) set.add(n as SandboxFamily);
  }
  if (env.ALLOW_SANDBOX_PAYMENTS?.trim().toLowerCase() === 'true') set.add('payments');
  // Card donations are payments: allowing payments allows the donations' acquirer too.
  if (set.has('payments')) set.add('donations');
  return set;
}

/** Whether `family`'s sandbox may answer when its provider is not configured. */
export function sandboxAllowed(env: Env, family: SandboxFamily): boolean {
  return !isProduction(env) || allowedSandboxes(env).has(family);
}

/** A provider that is neither configured nor allowed as a sandbox: 503 with what to set. */
export class ProviderNotConfiguredError extends HttpError {
  constructor(message: string) {
    super(503, message, { notConfigured: true });
  }
}

/**
 * The adapter of a provider that is neither configured nor allowed as a sandbox, for every factory:
 * labelled "não configurado" with `message` (what to set), and each of `methods` refusing with
 * ProviderNotConfiguredError(message).
 */
export function notConfiguredAdapter<const M extends string>(message: string, methods: readonly M[]) {
  const refuse = () => Promise.reject(new ProviderNotConfiguredError(message));
  const calls = Object.fromEntries(methods.map((m) => [m, refuse])) as Record<M, typeof refuse>;
  return { name: NOT_CONFIGURED_NAME, sandbox: false, notConfigured: message, ...calls };
}

/** One line for the start log: which sandboxes answer in this process. */
export function describeSandboxes(env: Env): string {
  if (!isProduction(env)) return 'Provedores não configurados respondem pelo sandbox (marcado "sandbox" nas telas).';
  const allowed = [...allowedSandboxes(env)];
  return allowed.length
    ? `Sandboxes permitidos em produção (ALLOW_SANDBOXES): ${allowed.join(', ')}. Os demais provedores não configurados respondem "não configurado".`
    : 'Nenhum sandbox em produção: provedores não configurados respondem "não configurado" (ALLOW_SANDBOXES libera por família).';
}
