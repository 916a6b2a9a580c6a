import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/** A collection of the team's own (the library's collections column); answers name theirs. */
export const AnswerCollectionEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'answerCollection', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        collectionId: { type: 'string', required: true },
        collectionName: { type: 'string', required: true },
        createdByUserId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARY'),
          sk: key('sk', ['collectionId'], 'COLLECTION#${collectionId}'),
        },
      },
    }),
);
