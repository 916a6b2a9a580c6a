import { randomBytes } from 'node:crypto';
import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * A comment on a question (spec 002 §3), in the project's partition after the question's other
 * items, so a question's comments are one Query in creation order. Written by the discussion's
 * routes and by replies that came by e-mail; the reactions function follows its INSERT (activity,
 * mentions, notifications, e-mail, COMMENT_CREATED).
 */
export const CommentEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'comment', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        /** Sorts in creation order (see newCommentId). */
        commentId: { type: 'string', required: true },
        /** Absent for a reply by e-mail from an address outside the team. */
        createdByUserId: { type: 'string' },
        /** [{ type: 'TEXT' | 'MEMBER', content }] (shared/schemas/discussion.ts CommentSegment). */
        segments: { type: 'any', required: true },
        /** Addresses copied on the comment by e-mail. */
        emailList: { type: 'list', items: { type: 'string' } },
        /** A reply by e-mail: the sender's address. */
        fromEmailAddress: { type: 'string' },
        /** The browser session that wrote it ('-' for none): its COMMENT_CREATED is marked `self` there. */
        changedBySession: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['questionId', 'commentId'], 'COMMENT#${questionId}#${commentId}'),
        },
      },
    }),
);

/** Time first (ms, base 36), then randomness: comments list in the order they were written. */
export const newCommentId = (at = Date.now()) =>
  `${at.toString(36).padStart(9, '0')}${randomBytes(5).toString('hex')}`;
