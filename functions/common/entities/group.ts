import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

export const GroupEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'group', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        groupId: { type: 'string', required: true },
        groupName: { type: 'string', required: true },
        position: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
          sk: key('sk', ['groupId'], 'GROUP#${groupId}'),
        },
      },
    }),
);
