/**
 * The only way live events leave the server: publish() finds the connections subscribed to the
 * event's scope with one Query, posts the event to each through the API Gateway management API
 * (marked `self` on the connection of the browser session that caused it) and forgets connections
 * that answer Gone. Only catalogue events (shared/events.ts) can be published, each with only its
 * own data fields (shared/event-fields.ts).
 */
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { catalogued } from '../../shared/event-fields';
import type { EventScope, LiveEvent } from '../../shared/events';
import { clientFor } from './aws-client';
import { config } from './config';
import { db } from './entities';
import { logger } from './logger';
import { NO_SESSION } from './session-mark';

const managementApi = clientFor(
  ['WEBSOCKET_CALLBACK_URL'],
  () =>
    new ApiGatewayManagementApiClient({
      endpoint: config.websocketCallbackUrl,
      // A fan-out posts to every subscriber at once; the default pool of 50 sockets would queue them.
      requestHandler: {
        httpAgent: { keepAlive: true, maxSockets: 256 },
        httpsAgent: { keepAlive: true, maxSockets: 256 },
      },
    }),
);

export const scopeKey = (scope: EventScope) => `${scope.kind}#${scope.id}`;

/**
 * Drops the subscriptions to a scope of users who may no longer receive its events (a project
 * turned PRIVATE or its share list shrank): they stop at once, not when the subscription expires.
 * Their connections stay; opening the project again is refused.
 */
export async function dropSubscribers(scope: EventScope, mayStay: (userId: string) => boolean) {
  const dropped = (await subscribersOf(scopeKey(scope))).filter((s) => !mayStay(s.userId));
  await forget(dropped);
  return dropped.length;
}

/**
 * Drops every subscription of a user's open connections (their user scope names them; each
 * connection lists its scopes): a person whose access was turned off receives no further events.
 */
export async function dropUser(userId: string) {
  const own = await subscribersOf(scopeKey({ kind: 'user', id: userId }));
  const connections = await Promise.all(
    own.map(async ({ connectionId }) => (await db().entities.connection.get({ connectionId }).go()).data),
  );
  // Each connection's scopes include the user scope itself: one delete per subscription.
  const keys = new Map<string, { scope: string; connectionId: string }>();
  const pairs = [
    ...own,
    ...connections.flatMap((c) =>
      c ? (c.scopes ?? []).map((scope) => ({ scope, connectionId: c.connectionId })) : [],
    ),
  ];
  for (const pair of pairs) keys.set(`${pair.scope}\n${pair.connectionId}`, pair);
  await forget([...keys.values()]);
  return own.length;
}

/** Every subscription to a scope (one Query, all pages). */
async function subscribersOf(scope: string) {
  const { data } = await db().entities.subscription.query.primary({ scope }).go({ pages: 'all' });
  return data;
}

/** Deletes these subscriptions (one batch write, when there are any). */
async function forget(subscriptions: Array<{ scope: string; connectionId: string }>) {
  if (!subscriptions.length) return;
  await db()
    .entities.subscription.delete(subscriptions.map(({ scope, connectionId }) => ({ scope, connectionId })))
    .go();
}

/** Posts raw data to one connection; false when the connection is gone. */
export async function postToConnection(connectionId: string, data: unknown): Promise<boolean> {
  try {
    await managementApi().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(data)) }),
    );
    return true;
  } catch (error) {
    if (error instanceof GoneException || (error as Error).name === 'GoneException') return false;
    throw error;
  }
}

/** Where a change came from: its browser session's connections get the event marked `self`. */
export interface EventOrigin {
  sessionId?: string | null;
}

export async function publish(
  event: Omit<LiveEvent, 'self'>,
  origin: EventOrigin = {},
): Promise<{ delivered: number; gone: number }> {
  const checked = catalogued(event);
  const scope = scopeKey(checked.scope);
  const subscriptions = await subscribersOf(scope);
  const gone: typeof subscriptions = [];
  let delivered = 0;
  await Promise.all(
    subscriptions.map(async (subscription) => {
      const self =
        Boolean(origin.sessionId) &&
        origin.sessionId !== NO_SESSION &&
        subscription.sessionId === origin.sessionId;
      try {
        if (await postToConnection(subscription.connectionId, self ? { ...checked, self } : checked))
          delivered++;
        else gone.push(subscription);
      } catch (error) {
        logger.warn('event delivery failed', {
          scope,
          connectionId: subscription.connectionId,
          error: error as Error,
        });
      }
    }),
  );
  await forget(gone);
  return { delivered, gone: gone.length };
}
