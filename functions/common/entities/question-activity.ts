import { Entity } from 'electrodb';
import { key, SERVICE } from './keys';
import { lazyEntity } from './lazy';

/**
 * One immutable entry of a question's activity (spec 002 §3), in the project's partition after the
 * question's other items: a saved change (CHANGE, with the fields it changed before and after: the
 * answer history), a comment (COMMENT), or a library action on the question (LIBRARY), or a consistency finding dismissed
 * with its reason (CONSISTENCY). Entries are
 * written from the table's stream with ids derived from the change, so a redelivery rewrites the
 * same entry. `activityDescription` may hold {user:ID} member markers.
 */
export const QuestionActivityEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'questionActivity', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        /** Sorts in time order within the question (see activityIdOf). */
        activityId: { type: 'string', required: true },
        kind: { type: ['CHANGE', 'COMMENT', 'LIBRARY', 'CONSISTENCY'] as const, required: true },
        activityDescription: { type: 'string', required: true },
        createdByUserId: { type: 'string' },
        /** CHANGE: [{ field, before, after }] (shared/schemas/question.ts FieldChange). */
        changes: { type: 'any' },
        /** CHANGE: the question's version after the change. */
        version: { type: 'number' },
        updatedAt: { type: 'string', required: true },
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['questionId', 'activityId'], 'ACTIVITY#${questionId}#${activityId}'),
        },
      },
    }),
);

/** Time-ordered and deterministic: the instant (ms, base 36) then what happened (`v12`, `c<commentId>`). */
export const activityIdOf = (at: string | number, suffix: string) =>
  `${new Date(at).getTime().toString(36).padStart(9, '0')}-${suffix}`;
