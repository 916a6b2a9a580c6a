/** The shared handler pipeline, with DynamoDB mocked at the SDK (aws-sdk-client-mock). */
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

process.env.TABLE_NAME = 'unit-table';
process.env.STAGE = 'dev';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';

const dynamo = mockClient(DynamoDBDocumentClient);
let meta: (
  e: APIGatewayProxyEvent,
  c: Context,
) => Promise<{ statusCode: number; body: string; headers?: object }>;
let team: typeof meta;
beforeAll(async () => {
  meta = (await import('../../functions/meta/handler')).handler as never;
  team = (await import('../../functions/team/handler')).handler as never;
});
beforeEach(() => dynamo.reset());
afterEach(() => {
  process.env.STAGE = 'dev';
});

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
function event(method: string, path: string, init: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return {
    httpMethod: method,
    path,
    resource: path,
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', identity: { sourceIp: '127.0.0.1' } } as never,
    ...init,
  };
}
const withClaims = (sub: string) =>
  ({
    requestId: 'req-1',
    identity: { sourceIp: '127.0.0.1' },
    authorizer: { claims: { sub, email: 'a@b.co' } },
  }) as never;

describe('handler pipeline', () => {
  it('wraps a route result as { data } JSON', async () => {
    dynamo.on(GetCommand).resolves({});
    const response = await meta(event('GET', '/api/health'), context);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(response.body)).toEqual({ data: { status: 'ok', stage: 'dev', table: 'reachable' } });
    expect(dynamo.commandCalls(GetCommand)[0].args[0].input).toMatchObject({ TableName: 'unit-table' });
  });

  it('returns a JSON 404 for a path the group does not serve', async () => {
    const response = await meta(event('GET', '/api/health/extra'), context);
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ message: 'Not found' });
  });

  it('hides internal errors behind a 500 without a stack trace', async () => {
    dynamo.on(GetCommand).rejects(new Error('connection reset at secret-host:8000'));
    const response = await meta(event('GET', '/api/health'), context);
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe(JSON.stringify({ message: 'Internal server error' }));
  });

  it('honours the chaos header outside production and ignores it in production', async () => {
    dynamo.on(GetCommand).resolves({});
    const chaos = event('GET', '/api/health', { headers: { 'X-Chaos': 'fail' } });
    expect((await meta(chaos, context)).statusCode).toBe(503);
    process.env.STAGE = 'prod';
    expect((await meta(chaos, context)).statusCode).toBe(200);
  });

  it('refuses a user route without authorizer claims', async () => {
    const response = await team(event('GET', '/api/permissions'), context);
    expect(response.statusCode).toBe(401);
  });

  it('loads the caller once and refuses team routes to a user without a team', async () => {
    dynamo.on(GetCommand).resolves({
      Item: {
        pk: 'USER#u1',
        sk: 'PROFILE',
        userId: 'u1',
        emailAddress: 'a@b.co',
        givenName: 'Ann',
        lastName: 'Lee',
        status: 'ACTIVE',
        createdAt: '2026-01-01T00:00:00.000Z',
        __edb_e__: 'user',
        __edb_v__: '1',
      },
    });
    const response = await team(event('GET', '/api/roles', { requestContext: withClaims('u1') }), context);
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ message: 'You are not a member of a team' });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
