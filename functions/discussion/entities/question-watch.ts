import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * A member subscribed to a question's comments by e-mail: one item per question and user, in the
 * project's partition, so a question's subscribers are one Query and a user's status one GetItem.
 */
export const QuestionWatchEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'questionWatch', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['questionId', 'userId'], 'WATCH#${questionId}#${userId}'),
        },
      },
    }),
);
