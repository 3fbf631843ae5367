/** Every error of a shared zod schema at once, keyed by field (forms show them all under the fields). */
export function schemaErrors(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, values: unknown): Record<string, string> {
  const r = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (r.success || !r.error) return out;
  for (const issue of r.error.issues) {
    const k = issue.path.map(String).join('.');
    out[k] ??= issue.message;
  }
  return out;
}
