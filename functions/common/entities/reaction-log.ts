import { Entity } from 'electrodb';
import { key, SERVICE } from './keys';
import { lazyEntity } from './lazy';

/**
 * Marks a reaction to one stream record as done, so a redelivered record (the stream is at least
 * once) sends no second e-mail. Kept a day (TTL), longer than the stream's retry window.
 */
export const ReactionLogEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'reactionLog', version: '1', service: SERVICE },
      attributes: {
        reactionId: { type: 'string', required: true },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: { pk: key('pk', ['reactionId'], 'REACTION#${reactionId}'), sk: key('sk', [], 'REACTION') },
      },
    }),
);
