import * as z from 'zod/mini';

/**
 * The schemas the SPA's first screen (sign-in) reads, written with Zod Mini: its functions
 * tree-shake, so the /login JavaScript carries only the checks it uses and none of classic zod.
 * Mini schemas are zod core schemas, so classic schemas compose them like any other
 * (common.ts re-exports them for the rest of the code).
 */

/** Every error response body: a human message, plus per-field messages for validation errors. */
export const ErrorBody = z.object({
  message: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** E-mails are trimmed and lower-cased before use (spec 000 §5). */
export const emailAddress = (max: number, message = 'Please enter your work email address') =>
  z.pipe(
    z.string({ error: message }).check(z.trim(), z.toLowerCase(), z.maxLength(max, message)),
    z.email({ error: message }),
  );

/** An e-mail domain a single sign-on look-up accepts. */
export const ssoDomain = z
  .string()
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(3),
    z.maxLength(253),
    z.regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'Please enter a valid domain'),
  );
