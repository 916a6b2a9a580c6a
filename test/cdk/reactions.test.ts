/**
 * The reactions construct: the function on the table's stream, its event source mapping (filtered to
 * the reaction entities, bounded retries, partial batch failures) and the queue for records it gave up on.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_ATTRIBUTE, REACTIONS_STREAM } from '../../lib/constructs/reactions';
import { BACKGROUND_FUNCTIONS, REACTION_ENTITIES } from '../../shared/background-functions';
import { mappingOf, ofType, type Resource, type Resources, synthDev } from './support';

let template: Template;
let resources: Resources;
beforeAll(() => {
  ({ template, resources } = synthDev());
});

const mapping = () => mappingOf(resources, BACKGROUND_FUNCTIONS.reactions.description).Properties;
const queue = (): [string, Resource] => {
  const queueId = mapping().DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0] as string;
  return [queueId, resources[queueId]];
};

/** The subset of EventBridge-style pattern matching Lambda filters use here: exact string lists. */
function patternMatches(pattern: unknown, event: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.includes(event);
  if (pattern === null || typeof pattern !== 'object') return false;
  if (event === null || typeof event !== 'object') return false;
  return Object.entries(pattern).every(([key, sub]) =>
    patternMatches(sub, (event as Record<string, unknown>)[key]),
  );
}
const invokes = (record: unknown) =>
  (mapping().FilterCriteria.Filters as { Pattern: string }[]).some((f) =>
    patternMatches(JSON.parse(f.Pattern), record),
  );
const image = (entity: string) => ({ pk: { S: 'x' }, [ENTITY_ATTRIBUTE]: { S: entity } });

describe('reactions', () => {
  it('runs the reactions entry with its declared description and a 60 s timeout', () => {
    const fn = resources[mapping().FunctionName.Ref];
    expect(fn.Type).toBe('AWS::Lambda::Function');
    expect(fn.Properties).toMatchObject({
      Description: BACKGROUND_FUNCTIONS.reactions.description,
      Timeout: REACTIONS_STREAM.timeout.toSeconds(),
      Runtime: 'nodejs22.x',
      TracingConfig: { Mode: 'Active' },
    });
    expect(REACTIONS_STREAM.timeout.toSeconds()).toBe(60);
  });

  it("reads the table's stream from LATEST in small batches with partial batch failures", () => {
    const [tableId] = ofType(resources, 'AWS::DynamoDB::Table')[0];
    expect(mapping()).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 1,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      MaximumRecordAgeInSeconds: 3600,
    });
    expect(mapping().MaximumBatchingWindowInSeconds).toBeLessThanOrEqual(1);
  });

  it('sends records it gives up on to an encrypted, TLS-only queue kept for 14 days', () => {
    const [queueId, failed] = queue();
    expect(mapping().DestinationConfig).toEqual({
      OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
    });
    expect(failed.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: {
        Statement: [
          Match.objectLike({
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            Effect: 'Deny',
          }),
        ],
      },
    });
  });

  it('is invoked only for changes whose new or old item is a reaction entity', () => {
    const filters = (mapping().FilterCriteria.Filters as { Pattern: string }[]).map((f) =>
      JSON.parse(f.Pattern),
    );
    expect(filters).toEqual([
      { dynamodb: { NewImage: { [ENTITY_ATTRIBUTE]: { S: [...REACTION_ENTITIES] } } } },
      { dynamodb: { OldImage: { [ENTITY_ATTRIBUTE]: { S: [...REACTION_ENTITIES] } } } },
    ]);
    for (const entity of REACTION_ENTITIES) {
      expect(invokes({ eventName: 'INSERT', dynamodb: { NewImage: image(entity) } }), entity).toBe(true);
      expect(
        invokes({ eventName: 'MODIFY', dynamodb: { NewImage: image(entity), OldImage: image(entity) } }),
      ).toBe(true);
      expect(invokes({ eventName: 'REMOVE', dynamodb: { OldImage: image(entity) } }), entity).toBe(true);
    }
    expect(invokes({ eventName: 'INSERT', dynamodb: { NewImage: image('rateLimit') } })).toBe(false);
    expect(invokes({ eventName: 'REMOVE', dynamodb: { OldImage: image('projectStats') } })).toBe(false);
    expect(invokes({ eventName: 'INSERT', dynamodb: { NewImage: { pk: { S: 'HEALTH' } } } })).toBe(false);
  });
});
