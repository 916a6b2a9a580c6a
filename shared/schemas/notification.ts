import * as z from 'zod';

/** spec 000 §3: readAt null means unread. */
export const Notification = z.object({
  notificationId: z.string(),
  title: z.string(),
  description: z.string(),
  causedByUserId: z.string(),
  causedBy: z.object({ fullName: z.string(), photo: z.string().nullable() }),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  linkReferencePath: z.string(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsQuery = z.object({
  /** Page size; the newest come first. */
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** Return notifications older than this notificationId (the last one of the previous page). */
  before: z.string().max(100).optional(),
});

export const MarkReadResponse = z.object({ notificationId: z.string(), readAt: z.string() });
