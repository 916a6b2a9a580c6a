import { Entity } from 'electrodb';
import { key, SERVICE } from './keys';
import { lazyEntity } from './lazy';

/** Fixed-window request counters for public routes; expire through the table's TTL. */
export const RateCounterEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'rateCounter', version: '1', service: SERVICE },
      attributes: {
        bucket: { type: 'string', required: true },
        window: { type: 'string', required: true },
        count: { type: 'number', required: true, default: 0 },
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: key('pk', ['bucket'], 'RATE#${bucket}'),
          sk: key('sk', ['window'], 'WINDOW#${window}'),
        },
      },
    }),
);
