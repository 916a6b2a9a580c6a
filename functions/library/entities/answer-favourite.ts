import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/** One user's favourite answer (favourites are personal). */
export const AnswerFavouriteEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'answerFavourite', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        answerId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'userId'], 'TEAM#${teamId}#USER#${userId}#FAVOURITES'),
          sk: key('sk', ['answerId'], 'ANSWER#${answerId}'),
        },
      },
    }),
);
