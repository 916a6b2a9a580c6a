/** The websocket's access patterns, named: connections, their scope subscriptions, and lookups. */
import type { EventScope } from '../../shared/events';
import { db } from '../common/entities';
import { scopeKey } from '../common/events';

const CONNECTION_TTL_SECONDS = 2 * 60 * 60;
const expiry = () => Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS;

export const getUser = async (userId: string) => (await db().entities.user.get({ userId }).go()).data;
export const getProject = async (teamId: string, projectId: string) =>
  (await db().entities.project.get({ teamId, projectId }).go()).data;
export const getConnection = async (connectionId: string) =>
  (await db().entities.connection.get({ connectionId }).go()).data;

/** Binds a connection to its user, team and browser session, subscribed to these scopes only. */
export async function bindConnection(input: {
  connectionId: string;
  userId: string;
  teamId?: string;
  sessionId?: string;
  scopes: EventScope[];
}) {
  const { connectionId, userId, sessionId } = input;
  const expiresAt = expiry();
  await unbindConnection(connectionId);
  await db()
    .entities.subscription.put(
      input.scopes.map((scope) => ({ scope: scopeKey(scope), connectionId, userId, sessionId, expiresAt })),
    )
    .go();
  await db()
    .entities.connection.put({
      connectionId,
      userId,
      teamId: input.teamId,
      sessionId,
      scopes: input.scopes.map(scopeKey),
      expiresAt,
    })
    .go();
}

/** Adds one scope to a bound connection (a project its user opened). */
export async function addScope(
  connection: NonNullable<Awaited<ReturnType<typeof getConnection>>>,
  scope: EventScope,
) {
  const key = scopeKey(scope);
  const expiresAt = expiry();
  await db()
    .entities.subscription.put({
      scope: key,
      connectionId: connection.connectionId,
      userId: connection.userId!,
      sessionId: connection.sessionId,
      expiresAt,
    })
    .go();
  const scopes = [...new Set([...(connection.scopes ?? []), key])];
  await db()
    .entities.connection.patch({ connectionId: connection.connectionId })
    .set({ scopes, expiresAt })
    .go();
}

export async function removeScope(
  connection: NonNullable<Awaited<ReturnType<typeof getConnection>>>,
  scope: EventScope,
) {
  const key = scopeKey(scope);
  await db().entities.subscription.delete({ scope: key, connectionId: connection.connectionId }).go();
  const scopes = (connection.scopes ?? []).filter((s) => s !== key);
  await db().entities.connection.patch({ connectionId: connection.connectionId }).set({ scopes }).go();
}

/** Drops a connection's subscriptions (re-authorization, disconnect). */
export async function unbindConnection(connectionId: string) {
  const connection = await getConnection(connectionId);
  if (!connection?.scopes?.length) return;
  await db()
    .entities.subscription.delete(connection.scopes.map((scope) => ({ scope, connectionId })))
    .go();
}

export const deleteConnection = async (connectionId: string) => {
  await db().entities.connection.delete({ connectionId }).go();
};
