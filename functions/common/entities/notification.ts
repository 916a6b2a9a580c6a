import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/** A user's notification; ids sort by time, so one Query returns them newest first. */
export const NotificationEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'notification', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        notificationId: { type: 'string', required: true },
        teamId: { type: 'string', required: true },
        causedByUserId: { type: 'string', required: true },
        title: { type: 'string', required: true },
        description: { type: 'string', required: true },
        linkReferencePath: { type: 'string', required: true },
        readAt: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['userId'], 'USER#${userId}'),
          sk: key('sk', ['notificationId'], 'NOTIFICATION#${notificationId}'),
        },
      },
    }),
);
