/**
 * WebSocket API: $connect, $default and $disconnect. Protocol: the client sends {action:'hello'},
 * the server replies WS-CONNECTED (API Gateway cannot post during $connect); the client sends
 * {action:'authorize', token, sessionId}; the server verifies the ID token, binds the connection
 * to the user and team and subscribes it to their scopes (all with a TTL), then replies
 * WS-AUTHORIZED. Events reach it through functions/common/events.ts.
 */
import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { type EventScope, WS_AUTHORIZED, WS_CONNECTED, WS_UNAUTHORIZED } from '../../shared/events';
import { db } from '../common/entities';
import { postToConnection, scopeKey } from '../common/events';
import { logger } from '../common/logger';
import { idTokenVerifier } from '../common/token-verifier';

const CONNECTION_TTL_SECONDS = 2 * 60 * 60;
const Message = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hello') }),
  z.object({
    action: z.literal('authorize'),
    token: z.string().min(1),
    sessionId: z.string().max(100).optional(),
  }),
  z.object({ action: z.literal('ping') }),
]);

const ok: APIGatewayProxyResult = { statusCode: 200, body: '' };
const control = (eventName: string, data: unknown = {}) => ({ eventName, data });

async function authorize(connectionId: string, token: string, sessionId: string | undefined) {
  let claims: { sub: string };
  try {
    claims = await idTokenVerifier().verify(token);
  } catch {
    await postToConnection(connectionId, control(WS_UNAUTHORIZED));
    return;
  }
  const { data: user } = await db().entities.user.get({ userId: claims.sub }).go();
  const scopes: EventScope[] = [{ kind: 'user', id: claims.sub }];
  if (user?.teamId) scopes.push({ kind: 'team', id: user.teamId });
  const expiresAt = Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS;
  // A re-authorized connection (new token, other team) drops the subscriptions it had.
  await unsubscribe(connectionId);
  await db()
    .entities.subscription.put(
      scopes.map((scope) => ({ scope: scopeKey(scope), connectionId, userId: claims.sub, expiresAt })),
    )
    .go();
  await db()
    .entities.connection.put({
      connectionId,
      userId: claims.sub,
      teamId: user?.teamId,
      sessionId,
      scopes: scopes.map(scopeKey),
      expiresAt,
    })
    .go();
  await postToConnection(connectionId, control(WS_AUTHORIZED, { userId: claims.sub }));
}

async function unsubscribe(connectionId: string) {
  const { data: connection } = await db().entities.connection.get({ connectionId }).go();
  if (!connection?.scopes?.length) return;
  await db()
    .entities.subscription.delete(connection.scopes.map((scope) => ({ scope, connectionId })))
    .go();
}

async function onMessage(connectionId: string, body: string | undefined) {
  let raw: unknown;
  try {
    raw = JSON.parse(body ?? '');
  } catch {
    raw = undefined;
  }
  const message = Message.safeParse(raw);
  if (!message.success) {
    await postToConnection(connectionId, control('WS-ERROR', { message: 'Unknown message' }));
    return;
  }
  switch (message.data.action) {
    case 'hello':
      await postToConnection(connectionId, control(WS_CONNECTED));
      return;
    case 'ping':
      await postToConnection(connectionId, control('WS-PONG'));
      return;
    case 'authorize':
      await authorize(connectionId, message.data.token, message.data.sessionId);
  }
}

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResult> => {
  const { routeKey, connectionId } = event.requestContext;
  try {
    if (routeKey === '$connect') return ok;
    if (routeKey === '$disconnect') {
      await unsubscribe(connectionId);
      await db().entities.connection.delete({ connectionId }).go();
      return ok;
    }
    await onMessage(connectionId, event.body);
    return ok;
  } catch (error) {
    logger.error('websocket error', { routeKey, connectionId, error: error as Error });
    return { statusCode: 500, body: '' };
  }
};
