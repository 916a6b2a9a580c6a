import * as z from 'zod';

export { ErrorBody, emailAddress } from './base';

export const Ok = z.object({ ok: z.literal(true) });

/**
 * A presigned POST for one browser upload (every upload of the product): POST a multipart form to
 * `url` with every field of `fields`, then the file last as `file`, and no Authorization header.
 * The store enforces the size range and the exact Content-Type signed into the policy.
 */
export const PresignedUpload = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type PresignedUpload = z.infer<typeof PresignedUpload>;

/**
 * The `cursor` query parameter of every paginated route: the `cursor` of the previous page, opaque
 * to callers. The server checks each against the query it continues (functions/common/cursor.ts);
 * an edited or foreign one answers 400. The route table marks a paginated route by this schema.
 */
export const PageCursor = z.string().max(2048).optional();
/**
 * A list sorted in memory pages by position instead (the project list: by due date, then name):
 * the cursor is where the next page starts, digits only, and any other text is refused.
 */
export const PageOffset = z
  .string()
  .regex(/^\d{1,7}$/, 'This page link is no longer valid')
  .optional();

/** Whether a route's query takes a page cursor (the routes functions/common/cursor.ts guards). */
export const takesPageCursor = (query: unknown) =>
  query instanceof z.ZodObject && (query.shape as Record<string, unknown>).cursor === PageCursor;
