import { z } from 'zod';

/** Every error body the API answers: the spec's clients read `Message`. */
export const errorBody = z.object({
  Message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const uuid = z.string().uuid();
