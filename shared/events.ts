/**
 * The catalogue of live events: every event the server publishes over the websocket, with the
 * schema of its data. `publish()` sends only these (event-fields.ts, the same catalogue without zod),
 * and the browser parses what it receives with these schemas. An event reaches the connections subscribed to its scope; the connection of
 * the browser session that caused it receives it marked `self: true` (a marker the server sets per
 * connection, so no session id is ever sent to anyone else) and skips it.
 */
import * as z from 'zod';
import { SCOPE_ID_MAX, SCOPE_KINDS } from './event-fields';
import { HEALTH_STATUSES } from './schemas/values';

export { SCOPE_KINDS };
export const EventScope = z.object({ kind: z.enum(SCOPE_KINDS), id: z.string().min(1).max(SCOPE_ID_MAX) });
export type EventScope = z.infer<typeof EventScope>;
export type ScopeKind = EventScope['kind'];

const liveEvent = <const N extends string, D extends z.ZodType>(eventName: N, data: D) =>
  z.object({
    eventName: z.literal(eventName),
    data,
    scope: EventScope,
    /** Set by the server on the connection of the session that caused the event. */
    self: z.boolean().optional(),
  });

export const NotificationCreated = liveEvent(
  'NOTIFICATION_CREATED',
  z.object({
    notificationId: z.string(),
    causedByUserId: z.string(),
    title: z.string(),
    linkReferencePath: z.string(),
  }),
);
export const TeamMemberUpdated = liveEvent('TEAM_MEMBER_UPDATED', z.object({ membershipId: z.string() }));
export const UserUpdated = liveEvent('USER_UPDATED', z.object({ userId: z.string() }));
/**
 * A project or its aggregates changed. Sent on the project's scope, and on the team scope (TEAM
 * projects) or each member's user scope (PRIVATE ones) for the list and the home panel.
 */
export const ProjectUpdated = liveEvent('PROJECT_UPDATED', z.object({ projectId: z.string() }));

/** A question was saved, assigned, completed, deleted or unlinked (on the project's scope). */
export const QuestionUpdated = liveEvent(
  'QUESTION_UPDATED',
  z.object({
    projectId: z.string(),
    questionId: z.string(),
    version: z.number().int(),
    causedByUserId: z.string().optional(),
  }),
);
/** A comment was posted on a question (on the project's scope). */
export const CommentCreated = liveEvent(
  'COMMENT_CREATED',
  z.object({
    projectId: z.string(),
    questionId: z.string(),
    commentId: z.string(),
    causedByUserId: z.string().optional(),
  }),
);
/** A question's activity feed grew (on the project's scope). */
export const ActivityCreated = liveEvent(
  'ACTIVITY_CREATED',
  z.object({
    projectId: z.string(),
    questionId: z.string(),
    activityId: z.string(),
    causedByUserId: z.string().optional(),
  }),
);
/**
 * A source file changed state (processing, ready, failed) or a sheet or document of it was
 * configured (on the project's scope).
 */
export const SourceUpdated = liveEvent(
  'SOURCE_UPDATED',
  z.object({
    projectId: z.string(),
    projectSourceId: z.string(),
    status: z.enum(['UPLOADING', 'PROCESSING', 'READY', 'FAILED']),
    causedByUserId: z.string().optional(),
  }),
);

/**
 * The team's answer library changed: answers added, changed or removed, or candidates waiting for
 * review (on the team's scope, one event per batch of changes).
 */
export const LibraryUpdated = liveEvent('LIBRARY_UPDATED', z.object({ changes: z.number().int().min(1) }));

/**
 * The team's library health report changed: a check queued, started or finished with its counts
 * (team scope), so an open Library health and the library page's counts follow it.
 */
export const LibraryHealthUpdated = liveEvent(
  'LIBRARY_HEALTH_UPDATED',
  z.object({
    status: z.enum(HEALTH_STATUSES),
    duplicateGroups: z.number().int(),
    conflicts: z.number().int(),
  }),
);

/**
 * The team's gap list was computed again (team scope). It names no project or question: each
 * reader's list keeps only the projects they can see, so screens read it again.
 */
export const LibraryGapsUpdated = liveEvent('LIBRARY_GAPS_UPDATED', z.object({ computedAt: z.string() }));

/** The team's document library changed: a document uploaded, renamed, archived, reinstated or expiring (team scope). */
export const DocumentsUpdated = liveEvent('DOCUMENTS_UPDATED', z.object({ documentId: z.string() }));

/**
 * Documents were attached to or removed from a project or one of its questions (project scope).
 * `questionId` is absent for the project's own files.
 */
export const AttachmentsUpdated = liveEvent(
  'ATTACHMENTS_UPDATED',
  z.object({ projectId: z.string(), questionId: z.string().optional(), documentId: z.string() }),
);

/** An autofill run on the project started, progressed or ended (on the project's scope). */
export const AutofillUpdated = liveEvent(
  'AUTOFILL_UPDATED',
  z.object({
    projectId: z.string(),
    runId: z.string(),
    status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
    total: z.number().int(),
    processed: z.number().int(),
    filled: z.number().int(),
  }),
);

/**
 * A quiz invitation was sent, accepted, declined, cancelled or answered: on the sending team's
 * scope (its Sent list) and on the recipient's team scope (its Inbox), when the recipient has one.
 */
export const QuizInviteUpdated = liveEvent(
  'QUIZ_INVITE_UPDATED',
  z.object({ quizInviteId: z.string(), inviteStatus: z.string() }),
);

/** A project's consistency findings changed: checked again, an answer changed, one dismissed (project scope). */
export const ConsistencyUpdated = liveEvent(
  'CONSISTENCY_UPDATED',
  z.object({ projectId: z.string(), openCount: z.number().int() }),
);

export const LiveEvent = z.discriminatedUnion('eventName', [
  AutofillUpdated,
  ConsistencyUpdated,
  QuizInviteUpdated,
  NotificationCreated,
  TeamMemberUpdated,
  UserUpdated,
  ProjectUpdated,
  QuestionUpdated,
  CommentCreated,
  ActivityCreated,
  SourceUpdated,
  LibraryUpdated,
  LibraryHealthUpdated,
  LibraryGapsUpdated,
  DocumentsUpdated,
  AttachmentsUpdated,
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
export type EventName = LiveEvent['eventName'];
export const EVENT_NAMES = LiveEvent.options.map((o) => o.shape.eventName.value) as EventName[];
export type LiveEventOf<N extends EventName> = Extract<LiveEvent, { eventName: N }>;
export type EventData<N extends EventName> = LiveEventOf<N>['data'];

/** Control messages of the websocket protocol (see functions/websocket/handler.ts). */
export const WS_CONNECTED = 'WS-CONNECTED';
export const WS_AUTHORIZED = 'WS-AUTHORIZED';
export const WS_UNAUTHORIZED = 'WS-UNAUTHORIZED';
/** Reply to a subscribe message: the scope is joined, or refused (not found or not visible). */
export const WS_SUBSCRIBED = 'WS-SUBSCRIBED';
export const WS_SUBSCRIBE_REFUSED = 'WS-SUBSCRIBE-REFUSED';

/** Messages a client sends. */
export const ClientMessage = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hello') }),
  z.object({
    action: z.literal('authorize'),
    token: z.string().min(1).max(8192),
    sessionId: z.string().max(100).optional(),
  }),
  z.object({ action: z.literal('ping') }),
  /** Join or leave a project's scope while its screens are open (the server checks visibility). */
  z.object({
    action: z.literal('subscribe'),
    scope: z.object({ kind: z.literal('project'), id: z.string().min(1).max(128) }),
  }),
  z.object({
    action: z.literal('unsubscribe'),
    scope: z.object({ kind: z.literal('project'), id: z.string().min(1).max(128) }),
  }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;
