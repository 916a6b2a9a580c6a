/**
 * A question's discussion (spec 002 §3): comments with mention segments, the activity feed and
 * the caller's subscription to the question.
 */
import * as z from 'zod';
import { Id } from '../routes/route';
import { emailAddress } from './common';

import { COMMENT_MAX } from './values';

export { COMMENT_MAX };
export const COMMENT_RECIPIENTS_MAX = 20;
export const RECIPIENT_MESSAGE = 'Pleae check the email address is valid';
/** Member names in activity descriptions: 27 characters plus an ellipsis. */
export const ACTIVITY_NAME_MAX = 30;

/** TEXT holds text; MEMBER marks a mention and holds the member's userId. */
export const SEGMENT_TYPES = ['TEXT', 'MEMBER'] as const;
export const CommentSegment = z.discriminatedUnion('type', [
  z.object({ type: z.literal('TEXT'), content: z.string().min(1).max(COMMENT_MAX) }),
  z.object({ type: z.literal('MEMBER'), content: Id }),
]);
export type CommentSegment = z.infer<typeof CommentSegment>;

export const Comment = z.object({
  commentId: z.string(),
  questionId: z.string(),
  /** Absent for a comment that came by e-mail from someone outside the team. */
  createdByUserId: z.string().optional(),
  createdAt: z.string(),
  segments: CommentSegment.array(),
  /** Comments that came by e-mail carry the sender's address. */
  commentData: z.object({ fromEmailAddress: z.string() }).optional(),
});
export type Comment = z.infer<typeof Comment>;

/** Text segments' length, the limit a comment is held to (mentions count as one character). */
export const commentLength = (segments: CommentSegment[]) =>
  segments.reduce((n, s) => n + (s.type === 'TEXT' ? s.content.length : 1), 0);

export const CreateCommentRequest = z.strictObject({
  segments: CommentSegment.array()
    .min(1, 'Please write a comment')
    .max(400)
    .refine((s) => s.some((x) => x.type === 'MEMBER' || x.content.trim() !== ''), 'Please write a comment')
    .refine((s) => commentLength(s) <= COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters`),
  /** Addresses copied on the comment by e-mail; they may reply to it. */
  emailList: z
    .array(emailAddress(254, RECIPIENT_MESSAGE))
    .max(COMMENT_RECIPIENTS_MAX)
    .refine((list) => new Set(list).size === list.length, RECIPIENT_MESSAGE)
    .default([]),
});
export type CreateCommentRequest = z.input<typeof CreateCommentRequest>;

/** An entry of the question's activity feed; descriptions may hold {user:ID} member markers. */
export const ActivityEntry = z.object({
  activityId: z.string(),
  questionId: z.string(),
  activityDescription: z.string(),
  createdByUserId: z.string().optional(),
  updatedAt: z.string(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const SubscriptionStatus = z.object({ userSubscribed: z.boolean() });
