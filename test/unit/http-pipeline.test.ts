/** The shared handler pipeline, with DynamoDB mocked at the SDK (aws-sdk-client-mock). */
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldErrorsOf,
  JSON_DEPTH_MESSAGE,
  JSON_KEY_MESSAGE,
  JSON_LIMITS,
  JSON_NUMBER_MESSAGE,
  JSON_RESERVED_KEY_MESSAGE,
  jsonLimitProblem,
} from '../../functions/common/http';
import { apiGatewayEvent } from '../../scripts/local/api-event';
import { routes } from '../../shared/routes';
import { DATE_MESSAGE, IsoDate } from '../../shared/schemas/project';

process.env.TABLE_NAME = 'unit-table';
process.env.STAGE = 'dev';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';

const dynamo = mockClient(DynamoDBDocumentClient);
let meta: (
  e: APIGatewayProxyEvent,
  c: Context,
) => Promise<{ statusCode: number; body: string; headers?: object }>;
let team: typeof meta;
let userGroup: typeof meta;
beforeAll(async () => {
  meta = (await import('../../functions/meta/handler')).handler as never;
  team = (await import('../../functions/team/handler')).handler as never;
  userGroup = (await import('../../functions/user/handler')).handler as never;
});
beforeEach(() => dynamo.reset());
afterEach(() => {
  process.env.STAGE = 'dev';
});

const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const user = { sub: 'u1', email: 'a@b.co' };
const USER_ITEM = {
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
};

describe('handler pipeline', () => {
  it('wraps a route result as { data } JSON', async () => {
    dynamo.on(GetCommand).resolves({});
    const response = await meta(apiGatewayEvent({ route: routes.health }), context);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({ 'content-type': 'application/json' });
    expect(JSON.parse(response.body)).toEqual({ data: { status: 'ok', stage: 'dev', table: 'reachable' } });
    expect(dynamo.commandCalls(GetCommand)[0].args[0].input).toMatchObject({ TableName: 'unit-table' });
  });

  it('returns a JSON 404 for a path the group does not serve', async () => {
    const response = await meta(
      apiGatewayEvent({ method: 'GET', path: `${routes.health.path}/extra` }),
      context,
    );
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ message: 'Not found' });
  });

  it('hides internal errors behind a 500 without a stack trace', async () => {
    dynamo.on(GetCommand).rejects(new Error('connection reset at secret-host:8000'));
    const response = await meta(apiGatewayEvent({ route: routes.health }), context);
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe(JSON.stringify({ message: 'Internal server error' }));
  });

  it('honours the chaos header only where the runner enables it, only for signed-in callers', async () => {
    // Prepare: a registered caller, and the same user route asked to fail.
    dynamo.on(GetCommand).resolves({ Item: USER_ITEM });
    const chaos = apiGatewayEvent({ route: routes.getUser, claims: user, headers: { 'X-Chaos': 'fail' } });
    const publicChaos = apiGatewayEvent({ route: routes.health, headers: { 'X-Chaos': 'fail' } });
    try {
      // Act / Assess: enabled locally for a signed-in caller
      process.env.CHAOS = 'on';
      expect((await userGroup(chaos, context)).statusCode).toBe(503);
      // never for a public route
      expect((await meta(publicChaos, context)).statusCode).toBe(200);
      // never in production, nor where the runner did not enable it (a deployed stage)
      process.env.STAGE = 'prod';
      expect((await userGroup(chaos, context)).statusCode).not.toBe(503);
      process.env.STAGE = 'dev';
      delete process.env.CHAOS;
      expect((await userGroup(chaos, context)).statusCode).not.toBe(503);
    } finally {
      delete process.env.CHAOS;
    }
  });

  it('refuses a user route without authorizer claims', async () => {
    const response = await team(apiGatewayEvent({ route: routes.getPermissions }), context);
    expect(response.statusCode).toBe(401);
  });

  it('loads the caller once and refuses team routes to a user without a team', async () => {
    dynamo.on(GetCommand).resolves({ Item: USER_ITEM });
    const response = await team(apiGatewayEvent({ route: routes.getRoles, claims: user }), context);
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.body)).toEqual({ message: 'You are not a member of a team' });
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(1);
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
  });
});

describe('field errors of a 400', () => {
  it('names each message of a field once, however many checks failed with it', () => {
    // Prepare: two checks that word their failure the same way, and a date that fails both of its.
    const Body = z.object({
      code: z
        .string()
        .min(3, 'Use three letters')
        .regex(/^[A-Z]+$/, 'Use three letters'),
      on: IsoDate,
      other: z.string(),
    });

    // Act
    const result = Body.safeParse({ code: 'a', on: 'soon', other: 1 });

    // Assess
    expect(result.success).toBe(false);
    expect(fieldErrorsOf((result as { error: z.ZodError }).error)).toEqual({
      code: ['Use three letters'],
      on: [DATE_MESSAGE],
      other: [expect.any(String)],
    });
    expect(IsoDate.safeParse('soon').error?.issues).toHaveLength(1);
  });
});

describe('API Gateway event builder', () => {
  it('takes the method, resource and filled path from the route, and the claims as strings', () => {
    const event = apiGatewayEvent({
      route: routes.updateMember,
      params: { membershipId: 'm 1' },
      claims: { sub: 'u1', email_verified: true, auth_time: 1700000000 },
      body: Buffer.from('{"a":1}'),
    });
    expect(event).toMatchObject({
      httpMethod: 'POST',
      resource: routes.updateMember.path,
      path: routes.updateMember.path.replace('{membershipId}', 'm%201'),
      pathParameters: { membershipId: 'm 1' },
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      body: '{"a":1}',
      requestContext: {
        resourcePath: routes.updateMember.path,
        authorizer: { claims: { sub: 'u1', email_verified: 'true', auth_time: '1700000000' } },
        identity: { sourceIp: '127.0.0.1' },
      },
    });
    expect(apiGatewayEvent({ route: routes.health }).body).toBeNull();
    expect(apiGatewayEvent({ route: routes.health }).requestContext.authorizer).toBeNull();
  });

  it('keeps the last value of a repeated query key, and every value in the multi-value map', () => {
    const event = apiGatewayEvent({
      route: routes.getActivity,
      query: new URLSearchParams('days=1&days=7&x='),
    });
    expect({ ...event.queryStringParameters }).toEqual({ days: '7', x: '' });
    expect({ ...event.multiValueQueryStringParameters }).toEqual({ days: ['1', '7'], x: [''] });
  });

  it('treats __proto__, constructor and toString as plain query keys', () => {
    const event = apiGatewayEvent({
      route: routes.health,
      query: new URLSearchParams('__proto__=a&constructor=b&toString=c&toString=d&hasOwnProperty=e'),
    });
    const query = event.queryStringParameters!;
    expect(Object.keys(query)).toEqual(['__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(['__proto__', 'constructor', 'toString', 'hasOwnProperty'].map((key) => query[key])).toEqual([
      'a',
      'b',
      'd',
      'e',
    ]);
    expect(event.multiValueQueryStringParameters!.toString).toEqual(['c', 'd']);
    expect(Object.getPrototypeOf({})).toBe(Object.prototype); // nothing leaked into Object.prototype
    expect(({} as Record<string, unknown>).a).toBeUndefined();
  });

  it('answers a request whose query has such keys like any other', async () => {
    dynamo.on(GetCommand).resolves({});
    const event = apiGatewayEvent({
      route: routes.health,
      query: new URLSearchParams('__proto__=a&constructor=b&toString=c'),
    });
    expect((await meta(event, context)).statusCode).toBe(200);
  });
});

describe('JSON body limits (whatever the route schema, e.g. a free-form eventData)', () => {
  const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

  it.each([
    ['a number too small to store', '{"eventName":"x","duration":1e-320}', 'duration', JSON_NUMBER_MESSAGE],
    [
      'a number that parses to Infinity',
      '{"eventName":"x","eventData":{"n":1e400}}',
      'eventData.n',
      JSON_NUMBER_MESSAGE,
    ],
    [
      'a number too large to store',
      '{"eventName":"x","eventData":{"n":[1,-4e302]}}',
      'eventData.n.1',
      JSON_NUMBER_MESSAGE,
    ],
    ['an empty key', '{"eventName":"x","eventData":{"":1}}', 'eventData', JSON_KEY_MESSAGE],
    // The DynamoDB marshaller cannot store a map with an own `constructor` member (it was a 500).
    [
      'a constructor key',
      '{"eventName":"x","eventData":{"constructor":{"polluted":"sweep"},"a":1}}',
      'eventData',
      JSON_RESERVED_KEY_MESSAGE,
    ],
    ['a __proto__ key', '{"eventName":"x","__proto__":{"isAdmin":true}}', '_', JSON_RESERVED_KEY_MESSAGE],
    [
      'nesting deeper than the limit',
      `{"eventName":"x","eventData":${nested(40)}}`,
      ['eventData', ...Array(JSON_LIMITS.depth - 1).fill('a')].join('.'),
      JSON_DEPTH_MESSAGE,
    ],
  ])('refuses %s with 400 before the route runs', async (_, body, field, message) => {
    // Prepare: the caller exists; any write would be the route running.
    dynamo.on(GetCommand).resolves({ Item: USER_ITEM });
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    // Act
    const response = await userGroup(
      apiGatewayEvent({ route: routes.recordActivity, claims: user, body }),
      context,
    );
    // Assess
    expect(JSON.parse(response.body)).toEqual({
      message: 'Invalid request body',
      fieldErrors: { [field]: [message] },
    });
    expect(response.statusCode).toBe(400);
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('accepts zero, -0, ordinary numbers, empty arrays and nesting up to the limit', () => {
    expect(
      jsonLimitProblem({ a: 0, b: -0, c: 1e-130, d: -9.99e125, e: 86_400_000, f: [], g: [[]] }),
    ).toBeUndefined();
    expect(jsonLimitProblem(JSON.parse(nested(JSON_LIMITS.depth)))).toBeUndefined();
    expect(jsonLimitProblem(JSON.parse(nested(JSON_LIMITS.depth + 1)))?.[1]).toBe(JSON_DEPTH_MESSAGE);
    // JSON.parse makes `__proto__` an own member: it is seen, and refused by name.
    expect(jsonLimitProblem(JSON.parse('{"__proto__":{"x":1}}'))).toEqual(['_', JSON_RESERVED_KEY_MESSAGE]);
    expect(jsonLimitProblem([1, 2, 3])).toBeUndefined();
    expect(jsonLimitProblem('text')).toBeUndefined();
  });
});
