/**
 * Field errors for Mantine forms from the shared zod schema (the same one the server validates
 * with) and from a 4xx answer's `errors` (`body.campo` or `campo`), keyed by field.
 */
import { ApiError } from './api-client';

type SafeParser = { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } };

export function schemaErrors(schema: SafeParser, values: unknown): Record<string, string> {
  const r = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (r.success || !r.error) return out;
  for (const issue of r.error.issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

export function apiFieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object') return out;
  const list = (err.body as { errors?: Array<{ path?: unknown; message?: unknown }> }).errors;
  if (!Array.isArray(list)) return out;
  for (const e of list) {
    if (typeof e.path === 'string' && typeof e.message === 'string') out[e.path.replace(/^body\./, '')] ??= e.message;
  }
  return out;
}
