/**
 * Live events sent over the websocket as { eventName, data, scope, sessionId }. The sender's own
 * browser session ignores events that carry its session id.
 */
export const EVENT_NAMES = ['NOTIFICATION_CREATED', 'TEAM_MEMBER_UPDATED', 'USER_UPDATED'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export type ScopeKind = 'team' | 'user' | 'project';
export interface EventScope {
  kind: ScopeKind;
  id: string;
}

export interface LiveEvent<D = unknown> {
  eventName: EventName;
  data: D;
  scope: EventScope;
  /** The browser session that caused the event, if any. */
  sessionId: string | null;
}

export interface NotificationCreatedData {
  notificationId: string;
  causedByUserId: string;
  title: string;
  linkReferencePath: string;
}

/** Control messages of the websocket protocol (see functions/websocket/handler.ts). */
export const WS_CONNECTED = 'WS-CONNECTED';
export const WS_AUTHORIZED = 'WS-AUTHORIZED';
export const WS_UNAUTHORIZED = 'WS-UNAUTHORIZED';
