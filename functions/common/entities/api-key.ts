import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/**
 * A team's key for the public analytics API (spec 002 §2.8, §7.8): one per team, kept only as a
 * SHA-256 hash (the key is 32 random bytes, so a fast hash is enough) with its first characters
 * for display. Generating a new one replaces it: the old key fails on the very next call. The team
 * group writes it; the analytics group verifies it.
 */
export const ApiKeyEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'apiKey', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        keyHash: { type: 'string', required: true },
        keyPrefix: { type: 'string', required: true },
        createdByUserId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: { pk: key('pk', ['teamId'], 'TEAM#${teamId}'), sk: key('sk', [], 'APIKEY') },
      },
    }),
);
