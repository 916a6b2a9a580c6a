import { Entity } from 'electrodb';
import { key, SERVICE } from './keys';
import { lazyEntity } from './lazy';

export const RoleEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'role', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        roleId: { type: 'string', required: true },
        name: { type: 'string', required: true },
        code: { type: 'string', required: true },
        position: { type: 'number', required: true },
      },
      indexes: {
        primary: { pk: key('pk', ['teamId'], 'TEAM#${teamId}'), sk: key('sk', ['roleId'], 'ROLE#${roleId}') },
      },
    }),
);
