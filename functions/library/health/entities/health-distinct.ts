import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../../common/entities/keys';
import { lazyEntity } from '../../../common/entities/lazy';

/** Answers a user marked distinct ("Mark distinct"): the health job never groups two of them together. */
export const HealthDistinctEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'healthDistinct', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        groupId: { type: 'string', required: true },
        answerIds: { type: 'list', items: { type: 'string' }, required: true },
        markedByUserId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARYHEALTH'),
          sk: key('sk', ['groupId'], 'DISTINCT#${groupId}'),
        },
      },
    }),
);
