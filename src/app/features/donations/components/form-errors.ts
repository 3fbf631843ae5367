/** Runs a shared zod schema and answers Mantine form errors: the first message of each field. */
interface Parsable {
  safeParse(v: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

export function zodErrors(schema: Parsable, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}

/** The server's per-field errors ({ errors: [{ path, message }] }) as form errors. */
export function serverErrors(body: unknown): Record<string, string> {
  const list = body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors) ? (body as { errors: Array<{ path: string; message: string }> }).errors : [];
  const out: Record<string, string> = {};
  for (const e of list) out[e.path] ??= e.message;
  return out;
}
