import { Entity } from 'electrodb';
import { CLASSIFICATIONS, QUIZ_ITEM_TYPES } from '../../../shared/schemas/values';
import { key, SERVICE } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * One section or question of a quiz as it was sent (later edits of the template do not change
 * what the recipient answers), in the invite's partition in order. When the recipient's project is
 * closed, each question gets the answer and classification it was closed with.
 */
export const QuizInviteItemEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'quizInviteItem', version: '1', service: SERVICE },
      attributes: {
        quizInviteId: { type: 'string', required: true },
        position: { type: 'number', required: true },
        itemId: { type: 'string', required: true },
        itemLabel: { type: 'string', required: true },
        itemType: { type: QUIZ_ITEM_TYPES, required: true },
        answer: { type: 'string' },
        responseClassification: { type: CLASSIFICATIONS },
      },
      indexes: {
        primary: {
          pk: key('pk', ['quizInviteId'], 'QUIZINVITE#${quizInviteId}'),
          sk: key('sk', ['position'], 'ITEM#${position}'),
        },
      },
    }),
);
