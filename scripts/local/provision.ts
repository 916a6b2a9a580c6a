/** Idempotent set-up of the local table and the demo team; safe to run on every start. */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { TABLE } from '../../shared/table';

export const DEMO = {
  email: 'demo@example.com',
  password: 'Demo-Passw0rd!',
  givenName: 'Demo',
  lastName: 'User',
  teamName: 'Demo Team',
  /** Single sign-on of the demo team: /login/demo-sso and e-mails @sso.example.com lead to it. */
  ssoAlias: 'demo-sso',
  ssoDomain: 'sso.example.com',
  /** The demo OpenID Connect identity provider (scripts/local/sso-idp.ts) signs its users in. */
  ssoProvider: 'DemoOIDC',
};

const keySchema = (partitionKey: string, sortKey: string) => [
  { AttributeName: partitionKey, KeyType: 'HASH' as const },
  { AttributeName: sortKey, KeyType: 'RANGE' as const },
];

/**
 * Creates the table as shared/table.ts defines it, with its stream (unless `withStream` is false:
 * the stream is then turned on by calling this again); a table kept from an earlier run gets the
 * stream and any index added since.
 */
export async function ensureTable(client: DynamoDBClient, tableName: string, withStream = true) {
  const attributes = (names: string[]) =>
    names.map((name) => ({ AttributeName: name, AttributeType: 'S' as const }));
  const stream = { StreamEnabled: true, StreamViewType: TABLE.streamViewType };
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributes([
          TABLE.partitionKey,
          TABLE.sortKey,
          ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
        ]),
        KeySchema: keySchema(TABLE.partitionKey, TABLE.sortKey),
        GlobalSecondaryIndexes: TABLE.indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: keySchema(index.partitionKey, index.sortKey),
          Projection: { ProjectionType: 'ALL' },
        })),
        ...(withStream ? { StreamSpecification: stream } : {}),
      }),
    );
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (withStream && !Table?.StreamSpecification?.StreamEnabled) {
      await client.send(new UpdateTableCommand({ TableName: tableName, StreamSpecification: stream }));
    }
    const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
    for (const index of TABLE.indexes.filter((i) => !existing.has(i.name))) {
      await client.send(
        new UpdateTableCommand({
          TableName: tableName,
          AttributeDefinitions: attributes([index.partitionKey, index.sortKey]),
          GlobalSecondaryIndexUpdates: [
            {
              Create: {
                IndexName: index.name,
                KeySchema: keySchema(index.partitionKey, index.sortKey),
                Projection: { ProjectionType: 'ALL' },
              },
            },
          ],
        }),
      );
    }
  }
}

/**
 * The demo user: an identity in the pool (confirmed), a user record and a team of their own. Runs
 * with the handlers' environment already set, so it uses the same services the API uses. Safe on
 * every start, and healing: an identity the pool lost is re-linked to the user record and team the
 * table still holds (seed-identity.ts), never made into a second user with a second team; what
 * cannot be healed is named (SeedInconsistency).
 */
export async function ensureDemoTeam(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  clientId: string,
) {
  const { ensureRegisteredUser, saveTeamSso, ssoOwner } = await import('../../functions/registration/seed');
  const { ensureOwnTeam } = await import('../../functions/team/seed');
  const { ensureSeedIdentity, SeedInconsistency } = await import('./seed-identity');
  const sub = await ensureSeedIdentity(cognito, poolId, clientId, DEMO);
  const user = await ensureRegisteredUser({
    userId: sub,
    emailAddress: DEMO.email,
    givenName: DEMO.givenName,
    lastName: DEMO.lastName,
  });
  const teamId = await ensureOwnTeam(user, DEMO.teamName);
  // Saving the same provider, alias and domain again changes nothing, so this is safe on every start.
  try {
    await saveTeamSso(teamId, DEMO.ssoProvider, { aliases: [DEMO.ssoAlias], domains: [DEMO.ssoDomain] });
  } catch (error) {
    const owners = await Promise.all([ssoOwner('ALIAS', DEMO.ssoAlias), ssoOwner('DOMAIN', DEMO.ssoDomain)]);
    const other = owners.find((owner) => owner && owner !== teamId);
    if (!other) throw error;
    throw new SeedInconsistency(
      `the demo team's single sign-on (alias ${DEMO.ssoAlias}, domain ${DEMO.ssoDomain}) belongs to another team, ${other}, not to ${DEMO.email}'s team ${teamId}`,
    );
  }
}
