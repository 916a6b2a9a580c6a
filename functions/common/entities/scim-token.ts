import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/**
 * A team's SCIM token (issue 31): one per team, kept only as a SHA-256 hash (32 random bytes, so a
 * fast hash is enough) with its first characters for display. Generating a new one replaces it; the
 * old token fails on the very next request. The team group writes and verifies it.
 */
export const ScimTokenEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'scimToken', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        tokenHash: { type: 'string', required: true },
        tokenPrefix: { type: 'string', required: true },
        createdByUserId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: { pk: key('pk', ['teamId'], 'TEAM#${teamId}'), sk: key('sk', [], 'SCIMTOKEN') },
      },
    }),
);
