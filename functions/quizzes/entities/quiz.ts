import { Entity } from 'electrodb';
import { QUIZ_ITEM_TYPES } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * A quiz template of a team (spec 002 §3 Quiz): its name, description and ordered items (section
 * headings and questions). One item per quiz, bounded by the schema's limits (shared/schemas/quiz.ts),
 * in the team's quiz partition so the Templates list is one Query.
 */
export const QuizEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'quiz', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        quizId: { type: 'string', required: true },
        quizName: { type: 'string', required: true },
        quizDescription: { type: 'string', required: true, default: '' },
        quizConfiguration: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              itemId: { type: 'string', required: true },
              itemLabel: { type: 'string', required: true },
              itemType: { type: QUIZ_ITEM_TYPES, required: true },
            },
          },
        },
        createdByUserId: { type: 'string', required: true },
        updatedByUserId: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#QUIZZES'),
          sk: key('sk', ['quizId'], 'QUIZ#${quizId}'),
        },
      },
    }),
);
