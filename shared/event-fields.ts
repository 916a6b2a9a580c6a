/**
 * What publish() (functions/common/events.ts) lets out of a live event, without zod, which the
 * background functions that publish do not otherwise carry: the catalogue's event names, the
 * scope's kinds and each event's data fields. An event keeps only its own fields, so a publisher
 * that hands over more (an item spread into `data`) leaks nothing else. The catalogue's schemas
 * (events.ts, which the browser parses with) are held to this list by test/unit/event-fields.test.ts.
 */
import type { EventData, EventName, EventScope, LiveEvent } from './events';

export const SCOPE_KINDS = ['team', 'user', 'project'] as const;
/** A scope's id: a team, user or project id. */
export const SCOPE_ID_MAX = 128;

type DataFields = { readonly [N in EventName]: ReadonlyArray<keyof EventData<N>> };

export const EVENT_DATA_FIELDS = {
  NOTIFICATION_CREATED: ['notificationId', 'causedByUserId', 'title', 'linkReferencePath'],
  TEAM_MEMBER_UPDATED: ['membershipId'],
  USER_UPDATED: ['userId'],
  PROJECT_UPDATED: ['projectId'],
  QUESTION_UPDATED: ['projectId', 'questionId', 'version', 'causedByUserId'],
  COMMENT_CREATED: ['projectId', 'questionId', 'commentId', 'causedByUserId'],
  ACTIVITY_CREATED: ['projectId', 'questionId', 'activityId', 'causedByUserId'],
  SOURCE_UPDATED: ['projectId', 'projectSourceId', 'status', 'causedByUserId'],
  LIBRARY_UPDATED: ['changes'],
  LIBRARY_HEALTH_UPDATED: ['status', 'duplicateGroups', 'conflicts'],
  LIBRARY_GAPS_UPDATED: ['computedAt'],
  DOCUMENTS_UPDATED: ['documentId'],
  ATTACHMENTS_UPDATED: ['projectId', 'questionId', 'documentId'],
  AUTOFILL_UPDATED: ['projectId', 'runId', 'status', 'total', 'processed', 'filled'],
  QUIZ_INVITE_UPDATED: ['quizInviteId', 'inviteStatus'],
  CONSISTENCY_UPDATED: ['projectId', 'openCount'],
} as const satisfies DataFields;

const validScope = (scope: EventScope | undefined) =>
  !!scope &&
  (SCOPE_KINDS as readonly string[]).includes(scope.kind) &&
  typeof scope.id === 'string' &&
  scope.id.length >= 1 &&
  scope.id.length <= SCOPE_ID_MAX;

/**
 * The event as it may be sent: a catalogue name, a valid scope and only that event's data fields
 * (those given). Anything else is a bug in the publisher, so it throws.
 */
export function catalogued<E extends Omit<LiveEvent, 'self'>>(event: E): E {
  const fields: readonly string[] | undefined = Object.hasOwn(EVENT_DATA_FIELDS, event.eventName)
    ? EVENT_DATA_FIELDS[event.eventName]
    : undefined;
  if (!fields) throw new Error(`${String(event.eventName)} is not a live event of the catalogue`);
  if (!validScope(event.scope)) throw new Error(`${event.eventName}: not a valid scope`);
  const data = event.data as Record<string, unknown>;
  const kept = Object.fromEntries(
    fields.filter((field) => data[field] !== undefined).map((f) => [f, data[f]]),
  );
  return {
    eventName: event.eventName,
    scope: { kind: event.scope.kind, id: event.scope.id },
    data: kept,
  } as E;
}
