/** Pieces the place's registries share (payment methods, categories, bank accounts; issue 24). */
import { z } from 'zod/mini';
import '../zod-locale';

export const registryIdParams = z.object({ id: z.string().check(z.maxLength(64)) });
export const registryLocalParams = z.object({ localId: z.string().check(z.maxLength(64)) });
/** A create or an edit: the row's id and the toast's text. */
export const registrySaved = z.object({ id: z.string(), Message: z.string() });
export const registryMessage = z.object({ Message: z.string() });

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
