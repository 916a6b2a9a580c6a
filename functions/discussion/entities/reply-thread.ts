import { Entity } from 'electrodb';
import { key, SERVICE } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * What a reply address stands for: the question and the recipient a comment e-mail was sent to.
 * The address carries only this item's id and an expiry, signed (see reply-address.ts), so it stays
 * within the 64 characters an address's local part may have (RFC 5321). One item per question and
 * recipient (its id is derived from both); each e-mail moves its expiry on. Removed by TTL.
 */
export const ReplyThreadEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'replyThread', version: '1', service: SERVICE },
      attributes: {
        replyId: { type: 'string', required: true },
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        /** The address the e-mail was sent to, lower case. */
        recipient: { type: 'string', required: true },
        /** The member it was sent to (absent for an address copied on a comment): replies post as them. */
        recipientUserId: { type: 'string' },
        /** Seconds since the epoch (the table's TTL attribute). */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: { pk: key('pk', ['replyId'], 'REPLY#${replyId}'), sk: key('sk', [], 'THREAD') },
      },
    }),
);
