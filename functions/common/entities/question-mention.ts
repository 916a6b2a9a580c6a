import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from './keys';
import { lazyEntity } from './lazy';

/**
 * A member was mentioned in a question's discussion: what the question list's "I'm mentioned"
 * filter reads (one Query per user and project). Written by the discussion's reactions.
 */
export const QuestionMentionEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'questionMention', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['userId', 'questionId'], 'MENTION#${userId}#${questionId}'),
        },
      },
    }),
);
