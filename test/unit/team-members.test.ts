/**
 * Member updates with DynamoDB mocked at the SDK: a write that lost the race against another edit
 * (its version condition failed) answers 409; the membership write is conditional on the version
 * read, and the member's user record gets the same access in the same transaction.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiGatewayEvent } from '../../scripts/local/api-event';
import { routes } from '../../shared/routes';

process.env.TABLE_NAME = 'unit-table';
process.env.STAGE = 'dev';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
process.env.UPLOADS_BUCKET = 'unit-uploads';
process.env.AWS_REGION = 'ap-southeast-2';
process.env.AWS_ACCESS_KEY_ID = 'unit';
process.env.AWS_SECRET_ACCESS_KEY = 'unit';

const dynamo = mockClient(DynamoDBDocumentClient);
type Handler = (e: APIGatewayProxyEvent, c: Context) => Promise<{ statusCode: number; body: string }>;
let team: Handler;
beforeAll(async () => {
  team = (await import('../../functions/team/handler')).handler as never;
});

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const TEAM = 'team-1';
const edb = (entity: string) => ({ __edb_e__: entity, __edb_v__: '1' });
const item = (pk: string, sk: string, entity: string, attributes: Record<string, unknown>) => ({
  Key: { pk, sk },
  Item: { pk, sk, ...edb(entity), ...attributes },
});
const records = [
  item('USER#owner', 'PROFILE', 'user', {
    userId: 'owner',
    emailAddress: 'owner@acme.test',
    givenName: 'Olive',
    lastName: 'Owner',
    status: 'ACTIVE',
    teamId: TEAM,
    membershipId: 'm-owner',
    createdAt: '2025-01-01T00:00:00.000Z',
  }),
  item('USER#bob', 'PROFILE', 'user', {
    userId: 'bob',
    emailAddress: 'bob@acme.test',
    givenName: 'Bob',
    lastName: 'Brown',
    status: 'ACTIVE',
    teamId: TEAM,
    membershipId: 'm-bob',
    roleCode: 'ROLE_MEMBER',
    groupId: 'g-sales',
    createdAt: '2025-01-02T00:00:00.000Z',
  }),
  item(`TEAM#${TEAM}`, 'MEMBER#m-owner', 'membership', {
    teamId: TEAM,
    membershipId: 'm-owner',
    userId: 'owner',
    emailAddress: 'owner@acme.test',
    groupId: 'g-sales',
    roleId: 'r-owner',
    roleCode: 'ROLE_ADMIN_TEAM_OWNER',
    status: 'ACTIVE',
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
  }),
  item(`TEAM#${TEAM}`, 'MEMBER#m-bob', 'membership', {
    teamId: TEAM,
    membershipId: 'm-bob',
    userId: 'bob',
    emailAddress: 'bob@acme.test',
    groupId: 'g-sales',
    roleId: 'r-member',
    roleCode: 'ROLE_MEMBER',
    status: 'ACTIVE',
    version: 7,
    createdAt: '2025-01-02T00:00:00.000Z',
  }),
  item(`TEAM#${TEAM}`, 'GROUP#g-sales', 'group', {
    teamId: TEAM,
    groupId: 'g-sales',
    groupName: 'Sales',
    position: 0,
  }),
  item(`TEAM#${TEAM}`, 'ROLE#r-viewer', 'role', {
    teamId: TEAM,
    roleId: 'r-viewer',
    name: 'Viewer',
    code: 'ROLE_VIEWER',
    position: 4,
  }),
];

beforeEach(() => {
  dynamo.reset();
  dynamo.on(GetCommand).resolves({});
  for (const record of records) dynamo.on(GetCommand, { Key: record.Key }).resolves({ Item: record.Item });
});

const update = (membershipId: string, body: unknown): APIGatewayProxyEvent =>
  apiGatewayEvent({
    route: routes.updateMember,
    params: { membershipId },
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    claims: { sub: 'owner', email: 'owner@acme.test' },
  });

describe('updateMember optimistic locking', () => {
  it('answers 409 when the membership changed after it was read', async () => {
    dynamo.on(TransactWriteCommand).rejects(
      new TransactionCanceledException({
        message: 'Transaction cancelled',
        $metadata: {},
        CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }],
      }),
    );
    const response = await team(update('m-bob', { groupId: 'g-sales', roleId: 'r-viewer' }), context);
    expect(response.statusCode).toBe(409);
    expect(JSON.parse(response.body)).toEqual({
      message: 'This was changed by someone else; reload and try again',
    });
    const [call] = dynamo.commandCalls(TransactWriteCommand);
    const [membership, user] = call.args[0].input.TransactItems?.map((i) => i.Update) ?? [];
    expect(membership?.Key).toEqual({ pk: `TEAM#${TEAM}`, sk: 'MEMBER#m-bob' });
    expect(membership?.ConditionExpression).toContain('#version = :version0');
    expect(membership?.ExpressionAttributeValues?.[':version0']).toBe(7);
    // roleCode is written with roleId: permissions are derived from it.
    expect(Object.values(membership?.ExpressionAttributeValues ?? {})).toEqual(
      expect.arrayContaining(['r-viewer', 'ROLE_VIEWER']),
    );
    // The member's user record, whose current membership this is, gets the same access.
    expect(user?.Key).toEqual({ pk: 'USER#bob', sk: 'PROFILE' });
    expect(Object.values(user?.ExpressionAttributeValues ?? {})).toEqual(
      expect.arrayContaining(['ROLE_VIEWER', 'g-sales', 'm-bob']),
    );
  });

  it("is 404 for a membership that is not in the caller's team, without writing", async () => {
    const response = await team(update('m-elsewhere', { groupId: 'g-sales', roleId: 'r-viewer' }), context);
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ message: 'Member not found' });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
