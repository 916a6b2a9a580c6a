/**
 * WebSocket API: $connect, $default and $disconnect. Protocol: the client sends {action:'hello'},
 * the server replies WS-CONNECTED (API Gateway cannot post during $connect); the client sends
 * {action:'authorize', token}; the server verifies the ID token and binds the connection to the
 * user and team (with a TTL), then replies WS-AUTHORIZED.
 */
import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import type { APIGatewayProxyResult, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { z } from 'zod';
import { config } from '../common/config';
import { db } from '../common/entities';
import { logger } from '../common/logger';
import { idTokenVerifier } from '../common/token-verifier';

const CONNECTION_TTL_SECONDS = 2 * 60 * 60;
const Message = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hello') }),
  z.object({ action: z.literal('authorize'), token: z.string().min(1) }),
  z.object({ action: z.literal('ping') }),
]);

let management: ApiGatewayManagementApiClient | undefined;
async function send(connectionId: string, payload: unknown) {
  management ??= new ApiGatewayManagementApiClient({ endpoint: config.websocketCallbackUrl });
  await management.send(
    new PostToConnectionCommand({ ConnectionId: connectionId, Data: Buffer.from(JSON.stringify(payload)) }),
  );
}

const ok: APIGatewayProxyResult = { statusCode: 200, body: '' };

async function onMessage(connectionId: string, body: string | undefined) {
  let raw: unknown;
  try {
    raw = JSON.parse(body ?? '');
  } catch {
    raw = undefined;
  }
  const message = Message.safeParse(raw);
  if (!message.success) {
    await send(connectionId, { eventName: 'WS-ERROR', data: { message: 'Unknown message' } });
    return;
  }
  switch (message.data.action) {
    case 'hello':
      await send(connectionId, { eventName: 'WS-CONNECTED', data: {} });
      return;
    case 'ping':
      await send(connectionId, { eventName: 'WS-PONG', data: {} });
      return;
    case 'authorize': {
      let claims: { sub: string };
      try {
        claims = await idTokenVerifier().verify(message.data.token);
      } catch {
        await send(connectionId, { eventName: 'WS-UNAUTHORIZED', data: {} });
        return;
      }
      const { data: user } = await db().entities.user.get({ userId: claims.sub }).go();
      await db()
        .entities.connection.put({
          connectionId,
          userId: claims.sub,
          teamId: user?.teamId,
          expiresAt: Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS,
        })
        .go();
      await send(connectionId, { eventName: 'WS-AUTHORIZED', data: { userId: claims.sub } });
    }
  }
}

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResult> => {
  const { routeKey, connectionId } = event.requestContext;
  try {
    if (routeKey === '$connect') return ok;
    if (routeKey === '$disconnect') {
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
