import { Entity } from 'electrodb';
import { key, SERVICE } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * A reply e-mail that was posted, by its Message-ID (hashed): written in the same transaction as
 * the comment, so the same message delivered twice (SES retries, a forwarded copy, a replay) posts
 * once. Removed by TTL once the reply address it came to could no longer be used.
 */
export const ReplyReceiptEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'replyReceipt', version: '1', service: SERVICE },
      attributes: {
        /** SHA-256 of the reply thread's id and the message's Message-ID, hex. */
        receiptId: { type: 'string', required: true },
        commentId: { type: 'string', required: true },
        /** Seconds since the epoch (the table's TTL attribute). */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: { pk: key('pk', ['receiptId'], 'REPLYMAIL#${receiptId}'), sk: key('sk', [], 'RECEIPT') },
      },
    }),
);
