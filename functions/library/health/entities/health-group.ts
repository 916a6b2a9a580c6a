import { Entity } from 'electrodb';
import { CONFLICT_KINDS } from '../../../../shared/schemas/values';
import { key, SERVICE, timestamps } from '../../../common/entities/keys';
import { lazyEntity } from '../../../common/entities/lazy';

/**
 * One duplicate group the health job found, with the conflicts among its answers; its id is made
 * from its answers' ids, so the same group found again is the same item.
 */
export const HealthGroupEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'healthGroup', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        groupId: { type: 'string', required: true },
        answerIds: { type: 'list', items: { type: 'string' }, required: true },
        similarity: { type: 'number', required: true },
        conflicts: {
          type: 'list',
          required: true,
          default: () => [],
          items: {
            type: 'map',
            properties: {
              conflictId: { type: 'string', required: true },
              a: { type: 'string', required: true },
              b: { type: 'string', required: true },
              kind: { type: CONFLICT_KINDS, required: true },
              concept: { type: 'string' },
              phraseA: { type: 'string' },
              phraseB: { type: 'string' },
            },
          },
        },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARYHEALTH'),
          sk: key('sk', ['groupId'], 'GROUP#${groupId}'),
        },
      },
    }),
);
