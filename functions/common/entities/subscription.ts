import { Entity } from 'electrodb';
import { key, SERVICE } from './keys';
import { lazyEntity } from './lazy';

/**
 * A connection's subscription to one event scope ("team#<id>", "user#<id>", "project#<id>"): a
 * fan-out is one Query on the scope's partition. Expires with its connection through TTL.
 */
export const SubscriptionEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'subscription', version: '1', service: SERVICE },
      attributes: {
        scope: { type: 'string', required: true },
        connectionId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        /** The connection's browser session: events caused by it are marked `self` for this connection. */
        sessionId: { type: 'string' },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: key('pk', ['scope'], 'SCOPE#${scope}'),
          sk: key('sk', ['connectionId'], 'CONNECTION#${connectionId}'),
        },
      },
    }),
);
