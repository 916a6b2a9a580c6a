/** Idempotent set-up of the local table and the demo team; safe to run on every start. */
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  CreateTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
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
  ssoProvider: 'DemoSAML',
};

export async function ensureTable(client: DynamoDBClient, tableName: string) {
  const keys = [
    TABLE.partitionKey,
    TABLE.sortKey,
    ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keys.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE.indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
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
  const { db } = await import('../../functions/common/entities');
  const { createTeamWithDefaults } = await import('../../functions/team/service');
  const { saveTeamSso } = await import('../../functions/registration/service');
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
  const { data: user } = await db().entities.user.get({ userId: sub }).go();
  if (!user) {
    await db()
      .entities.user.create({
        userId: sub,
        emailAddress: DEMO.email,
        givenName: DEMO.givenName,
        lastName: DEMO.lastName,
      })
      .go();
  }
  const teamId =
    user?.teamId ??
    (await createTeamWithDefaults({ userId: sub, emailAddress: DEMO.email }, DEMO.teamName)).teamId;
  // Saving the same provider, alias and domain again changes nothing, so this is safe on every start.
  await saveTeamSso(teamId, DEMO.ssoProvider, { aliases: [DEMO.ssoAlias], domains: [DEMO.ssoDomain] });
}
