/** Pieces the place's registries share (payment methods, categories, bank accounts; issue 24). */
import { z } from 'zod/mini';
import '../zod-locale';

export const registryIdParams = z.object({ id: z.string().check(z.maxLength(64)) });
export const registryLocalParams = z.object({ localId: z.string().check(z.maxLength(64)) });
/** A create or an edit answers savedAnswer; a delete, messageAnswer. */
export { savedAnswer as registrySaved, messageAnswer as registryMessage } from './common';

/**
 * A registry's three addresses: the venue's list (`{list}/{localId}`), create (`{one}`) and one row
 * (`{one}/{id}`, for PUT and DELETE).
 */
export const registryPaths = <L extends string, C extends string>(list: L, one: C) =>
  ({
    list: (localId: string) => `${list}/${localId}` as const,
    create: one,
    one: (id: string) => `${one}/${id}` as const,
  }) as const;

/** A required name trimmed before its checks: `required` when missing or blank, `tooLong` above `max` characters. */
export const requiredName = (max: number, msg: { required: string; tooLong: string }) =>
  z.pipe(z.string({ error: msg.required }).check(z.trim()), z.string().check(z.minLength(1, msg.required), z.maxLength(max, msg.tooLong)));

/** The rules of a registry's name: its length and its two messages (requiredName). */
export interface NameRules {
  max: number;
  required: string;
  tooLong: string;
}

/**
 * The row, list and body schemas of a registry whose rows are a name unique in the place (payment
 * methods, customer and product categories; on the server, `namedRegistry`). A row is its `id`, its
 * name in the field `name`, then the fields of `row`; a body is its place (`localClienteId`), the name
 * (requiredName with `rules`), then the fields of `input`.
 */
export function namedRegistryContract<N extends string, R extends z.core.$ZodLooseShape, I extends z.core.$ZodLooseShape = Record<never, never>>(
  name: N,
  rules: NameRules,
  fields: { row: R; input?: I },
) {
  const row = z.object({ id: z.string(), [name]: z.string(), ...fields.row } as { id: z.ZodMiniString<string> } & Record<N, z.ZodMiniString<string>> & R);
  const input = z.object({ localClienteId: z.string(), [name]: requiredName(rules.max, rules), ...fields.input } as {
    localClienteId: z.ZodMiniString<string>;
  } & Record<N, ReturnType<typeof requiredName>> &
    I);
  return { row, list: z.array(row), input };
}
