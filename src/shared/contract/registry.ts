/** Pieces the place's registries share (payment methods, categories, bank accounts; issue 24). */
import { z } from 'zod/mini';
import '../zod-locale';

export const registryIdParams = z.object({ id: z.string().check(z.maxLength(64)) });
export const registryLocalParams = z.object({ localId: z.string().check(z.maxLength(64)) });
/** A create or an edit: the row's id and the toast's text. */
export const registrySaved = z.object({ id: z.string(), Message: z.string() });
export const registryMessage = z.object({ Message: z.string() });
