import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/**
 * One usage event or APP_ERROR of a user, kept ~400 days (TTL). The user's partition, not the team's:
 * events are recorded before a user has a team, and read back only for that user.
 */
export const ActivityEventEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'activityEvent', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        eventId: { type: 'string', required: true },
        eventName: { type: 'string', required: true },
        eventData: { type: 'any' },
        duration: { type: 'number' },
        teamId: { type: 'string' },
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['userId'], 'USER#${userId}'),
          sk: key('sk', ['createdAt', 'eventId'], 'EVENT#${createdAt}#${eventId}'),
        },
      },
    }),
);
