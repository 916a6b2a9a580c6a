import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/** A websocket connection, bound to a user and team once its token is verified; expires via TTL. */
export const ConnectionEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'connection', version: '1', service: SERVICE },
      attributes: {
        connectionId: { type: 'string', required: true },
        userId: { type: 'string' },
        teamId: { type: 'string' },
        /** The browser session, so the client can recognise (and skip) its own events. */
        sessionId: { type: 'string' },
        /** Scope keys this connection is subscribed to, to unsubscribe on disconnect. */
        scopes: { type: 'list', items: { type: 'string' } },
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['connectionId'], 'CONNECTION#${connectionId}'),
          sk: key('sk', [], 'CONNECTION'),
        },
      },
    }),
);
