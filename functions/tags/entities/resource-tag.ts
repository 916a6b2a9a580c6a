import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';
import { TAGGABLE_KINDS } from '../resource-kinds';

/**
 * One tag on one resource: an item per (resource, label), so a resource's tags are one Query
 * (begins_with on the sort key, sorted by label) and adding or removing a tag is one write.
 * `labelKey` is the label normalised for comparison (case-insensitive); `tagLabel` is the label as
 * the team first wrote it.
 */
export const ResourceTagEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'resourceTag', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        resourceKind: { type: TAGGABLE_KINDS, required: true },
        resourceId: { type: 'string', required: true },
        labelKey: { type: 'string', required: true },
        tagLabel: { type: 'string', required: true },
        createdByUserId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
          sk: key(
            'sk',
            ['resourceKind', 'resourceId', 'labelKey'],
            'TAG#ON#${resourceKind}#${resourceId}#${labelKey}',
          ),
        },
      },
    }),
);
