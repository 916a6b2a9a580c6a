/**
 * WebSocket API: $connect, $default and $disconnect. Protocol: the client sends {action:'hello'},
 * the server replies WS-CONNECTED (API Gateway cannot post during $connect); the client sends
 * {action:'authorize', token, sessionId}; the server verifies the ID token, binds the connection
 * to the user, team and browser session and subscribes it to their scopes (all with a TTL), then
 * replies WS-AUTHORIZED. While a project is open the client sends {action:'subscribe', scope} and
 * joins its scope if the user may see the project. Events reach it through publish().
 */
import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import {
  ClientMessage,
  type EventScope,
  WS_AUTHORIZED,
  WS_CONNECTED,
  WS_SUBSCRIBE_REFUSED,
  WS_SUBSCRIBED,
  WS_UNAUTHORIZED,
} from '../../shared/events';
import { USER_DEACTIVATED } from '../common/caller';
import { canSeeProject } from '../common/entities';
import { postToConnection } from '../common/events';
import { logger } from '../common/logger';
import { idTokenVerifier } from '../common/token-verifier';
import * as repo from './repo';

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
  const user = await repo.getUser(claims.sub);
  // Deactivated by the team's identity provider (SCIM): no live events either.
  if (user?.status === USER_DEACTIVATED) {
    await postToConnection(connectionId, control(WS_UNAUTHORIZED));
    return;
  }
  const scopes: EventScope[] = [{ kind: 'user', id: claims.sub }];
  if (user?.teamId) scopes.push({ kind: 'team', id: user.teamId });
  await repo.bindConnection({ connectionId, userId: claims.sub, teamId: user?.teamId, sessionId, scopes });
  await postToConnection(connectionId, control(WS_AUTHORIZED, { userId: claims.sub }));
}

/** Joins or leaves a project's scope; joining needs a project of the user's team they may see. */
async function changeSubscription(
  connectionId: string,
  action: 'subscribe' | 'unsubscribe',
  scope: EventScope,
) {
  const connection = await repo.getConnection(connectionId);
  if (!connection?.userId) {
    await postToConnection(connectionId, control(WS_UNAUTHORIZED));
    return;
  }
  if (action === 'unsubscribe') {
    await repo.removeScope(connection, scope);
    return;
  }
  const project = connection.teamId ? await repo.getProject(connection.teamId, scope.id) : null;
  // Another team's project and a PRIVATE one the user is not on look the same: not found.
  if (!project || !canSeeProject(project, connection.userId)) {
    await postToConnection(connectionId, control(WS_SUBSCRIBE_REFUSED, { scope }));
    return;
  }
  await repo.addScope(connection, scope);
  await postToConnection(connectionId, control(WS_SUBSCRIBED, { scope }));
}

async function onMessage(connectionId: string, body: string | undefined) {
  let raw: unknown;
  try {
    raw = JSON.parse(body ?? '');
  } catch {
    raw = undefined;
  }
  const message = ClientMessage.safeParse(raw);
  if (!message.success) {
    await postToConnection(connectionId, control('WS-ERROR', { message: 'Unknown message' }));
    return;
  }
  const data = message.data;
  switch (data.action) {
    case 'hello':
      await postToConnection(connectionId, control(WS_CONNECTED));
      return;
    case 'ping':
      await postToConnection(connectionId, control('WS-PONG'));
      return;
    case 'authorize':
      await authorize(connectionId, data.token, data.sessionId);
      return;
    case 'subscribe':
    case 'unsubscribe':
      await changeSubscription(connectionId, data.action, data.scope);
  }
}

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResult> => {
  const { routeKey, connectionId } = event.requestContext;
  try {
    if (routeKey === '$connect') return ok;
    if (routeKey === '$disconnect') {
      await repo.unbindConnection(connectionId);
      await repo.deleteConnection(connectionId);
      return ok;
    }
    await onMessage(connectionId, event.body);
    return ok;
  } catch (error) {
    logger.error('websocket error', { routeKey, connectionId, error: error as Error });
    return { statusCode: 500, body: '' };
  }
};
