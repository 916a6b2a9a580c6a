import { Entity } from 'electrodb';
import { key, SERVICE } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * One distinct label of a team with the number of resources carrying it, kept in the same
 * transaction as each resource tag write, so the team's labels are one Query. Deleted when its
 * count reaches zero (a conditional delete after the removal; the listing also skips zeros).
 */
export const TeamTagEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'teamTag', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        labelKey: { type: 'string', required: true },
        /** The display label of the first use. */
        tagLabel: { type: 'string', required: true },
        usageCount: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
          sk: key('sk', ['labelKey'], 'TAG#LABEL#${labelKey}'),
        },
      },
    }),
);
