/** Idempotent set-up of the local table and the demo team; safe to run on every start. */
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
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
 * with the handlers' environment already set, so it uses the same services the API uses.
 */
export async function ensureDemoTeam(
  cognito: CognitoIdentityProviderClient,
  poolId: string,
  clientId: string,
) {
  const { ensureRegisteredUser, saveTeamSso } = await import('../../functions/registration/seed');
  const { ensureOwnTeam } = await import('../../functions/team/seed');
  let sub: string | undefined;
  try {
    const existing = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: poolId, Username: DEMO.email }),
    );
    sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch {
    const created = await cognito.send(
      new SignUpCommand({ ClientId: clientId, Username: DEMO.email, Password: DEMO.password }),
    );
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: DEMO.email }));
    sub = created.UserSub;
  }
  if (!sub) throw new Error('Demo identity has no sub');
  const user = await ensureRegisteredUser({
    userId: sub,
    emailAddress: DEMO.email,
    givenName: DEMO.givenName,
    lastName: DEMO.lastName,
  });
  const teamId = await ensureOwnTeam(user, DEMO.teamName);
  // Saving the same provider, alias and domain again changes nothing, so this is safe on every start.
  await saveTeamSso(teamId, DEMO.ssoProvider, { aliases: [DEMO.ssoAlias], domains: [DEMO.ssoDomain] });
}
