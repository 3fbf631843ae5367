/**
 * Reading a zod 4 schema's definition (`schema._zod.def`), for the code that walks a schema: the
 * security plugin's declared keys (plugins/security.ts schemaKeys) and the fuzz tests' arbitraries
 * and leaves (tests/server/fuzz-*.ts).
 */
export type ZodDef = Record<string, unknown> & { type?: string };

/** The schema's definition, or undefined when it is not a zod schema. */
export const zodDef = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** The wrappers that say only how a value may be absent, defaulted or caught; the value's own schema is their `innerType`. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

export const isWrapper = (def: ZodDef): boolean => WRAPPERS.has(def.type ?? '');
