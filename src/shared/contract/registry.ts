/** Pieces the place's registries share (payment methods, categories, bank accounts; issue 24). */
import { z } from 'zod/mini';
import '../zod-locale';
import { requiredText } from './common';

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


/** The rules of a registry's name: its length and its two messages (requiredText). */
export interface NameRules {
  max: number;
  required: string;
  tooLong: string;
}

/**
 * The row, list and body schemas of a registry whose rows are a name unique in the place (payment
 * methods, customer and product categories; on the server, `namedRegistry`). A row is its `id`, its
 * name in the field `name`, then the fields of `row`; a body is its place (`localClienteId`), the name
 * (requiredText with `rules`), then the fields of `input`.
 */
export function namedRegistryContract<N extends string, R extends z.core.$ZodLooseShape, I extends z.core.$ZodLooseShape = Record<never, never>>(
  name: N,
  rules: NameRules,
  fields: { row: R; input?: I },
) {
  const row = z.object({ id: z.string(), [name]: z.string(), ...fields.row } as { id: z.ZodMiniString<string> } & Record<N, z.ZodMiniString<string>> & R);
  const input = z.object({ localClienteId: z.string(), [name]: requiredText(rules.max, rules), ...fields.input } as {
    localClienteId: z.ZodMiniString<string>;
  } & Record<N, ReturnType<typeof requiredText>> &
    I);
  return { row, list: z.array(row), input };
}
