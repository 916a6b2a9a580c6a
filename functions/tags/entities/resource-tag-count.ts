import { Entity } from 'electrodb';
import { key, SERVICE } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';
import { TAGGABLE_KINDS } from '../resource-kinds';

/**
 * How many tags one resource carries, changed in the same transaction as each of its tag items
 * with a condition on the limit, so two concurrent adds can never pass TAGS_PER_RESOURCE.
 */
export const ResourceTagCountEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'resourceTagCount', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        resourceKind: { type: TAGGABLE_KINDS, required: true },
        resourceId: { type: 'string', required: true },
        tagCount: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
          sk: key('sk', ['resourceKind', 'resourceId'], 'TAG#COUNT#${resourceKind}#${resourceId}'),
        },
      },
    }),
);
