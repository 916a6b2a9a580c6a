import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * One question an answer of the library was used on (spec 002 §3 answer analytics usage item):
 * written by the library's reaction when a question is saved with the answer, in the answer's own
 * partition, so an answer's usage is one Query.
 */
export const AnswerUsageEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'answerUsage', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        answerId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        question: { type: 'string', required: true },
        answer: { type: 'string', required: true },
        information: { type: 'string' },
        answeredByUserId: { type: 'string', required: true },
        usedAt: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'answerId'], 'TEAM#${teamId}#ANSWER#${answerId}'),
          sk: key('sk', ['projectId', 'questionId'], 'USAGE#${projectId}#${questionId}'),
        },
      },
    }),
);
