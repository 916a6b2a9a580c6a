import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';

export const TeamEntity = new Entity({
  model: { entity: 'team', version: '1', service: SERVICE },
  attributes: {
    teamId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    ownerUserId: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    primary: { pk: key('pk', ['teamId'], 'TEAM#${teamId}'), sk: key('sk', [], 'TEAM') },
  },
});
