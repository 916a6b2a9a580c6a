import { Entity } from 'electrodb';
import { key, SERVICE } from './keys';
import { lazyEntity } from './lazy';

/** A user's contributions on one UTC day, counted on write so the heat map is one Query. */
export const ActivityDayEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'activityDay', version: '1', service: SERVICE },
      attributes: {
        userId: { type: 'string', required: true },
        /** YYYY-MM-DD (UTC). */
        date: { type: 'string', required: true },
        count: { type: 'number', required: true, default: 0 },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: { pk: key('pk', ['userId'], 'USER#${userId}'), sk: key('sk', ['date'], 'DAY#${date}') },
      },
    }),
);
