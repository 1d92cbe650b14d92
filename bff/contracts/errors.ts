import { z } from 'zod';

/** Every error the BFF answers has this body (CONVENTIONS.md §4); `message` is German and safe to show. */
export const ErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
