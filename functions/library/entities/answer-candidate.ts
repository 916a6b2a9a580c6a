import { Entity } from 'electrodb';
import { CLASSIFICATIONS } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * A question saved with Include in Library, waiting for a library manager's decision (spec 002 §4:
 * CREATE adds it to the library, DISCARD drops it). Written by the library's reaction to the
 * question's change; one per question, replaced when its answer changes.
 */
export const AnswerCandidateEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'answerCandidate', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        question: { type: 'string', required: true },
        answer: { type: 'string', required: true },
        responseClassification: { type: CLASSIFICATIONS },
        authorId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARY'),
          sk: key('sk', ['questionId'], 'CANDIDATE#${questionId}'),
        },
      },
    }),
);
