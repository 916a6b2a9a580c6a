/**
 * The reactions construct: the function, the FIFO queue the stream dispatcher feeds it through
 * (visibility timeout above the function's timeout, its own dead-letter queue) and its SQS event
 * source with partial batch responses. The stream itself has one reader, the dispatcher.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { REACTIONS_QUEUE } from '../../lib/constructs/reactions';
import { CONSUMER_QUEUE } from '../../lib/constructs/stream-queue';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { mappingOf, ofType, type Resources, synthDev } from './support';

// The reactions live in the background nested stack; `resources` is the application's (its stack and
// the nested one, support.ts applicationResources), `background` the nested stack's template.
let background: Template;
let resources: Resources;
beforeAll(() => {
  ({ background, appResources: resources } = synthDev());
});

const mapping = () => mappingOf(resources, BACKGROUND_FUNCTIONS.reactions.description).Properties;
const queueId = () => mapping().EventSourceArn['Fn::GetAtt'][0] as string;

describe('reactions', () => {
  it('runs the reactions entry with its declared description and a 60 s timeout', () => {
    const fn = resources[mapping().FunctionName.Ref];
    expect(fn.Type).toBe('AWS::Lambda::Function');
    expect(fn.Properties).toMatchObject({
      Description: BACKGROUND_FUNCTIONS.reactions.description,
      Timeout: REACTIONS_QUEUE.timeout.toSeconds(),
      Runtime: 'nodejs22.x',
      TracingConfig: { Mode: 'Active' },
    });
    expect(REACTIONS_QUEUE.timeout.toSeconds()).toBe(60);
  });

  it('reads its own FIFO queue, not the stream, in batches of 10 with partial batch responses', () => {
    // Prepare
    const [tableId] = ofType(resources, 'AWS::DynamoDB::Table')[0];
    // Act
    const queue = resources[queueId()];
    // Assess
    expect(mapping().EventSourceArn).not.toEqual({ 'Fn::GetAtt': [tableId, 'StreamArn'] });
    expect(queue.Type).toBe('AWS::SQS::Queue');
    expect(queue.Properties).toMatchObject({ FifoQueue: true, SqsManagedSseEnabled: true });
    expect(mapping()).toMatchObject({ BatchSize: 10, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    expect(mapping().StartingPosition).toBeUndefined();
  });

  it("keeps a message invisible six times the function's timeout, and moves it to its DLQ after 3 receives", () => {
    // Prepare
    const queue = resources[queueId()].Properties;
    const fn = resources[mapping().FunctionName.Ref].Properties;
    // Act
    const dlqId = queue.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
    // Assess
    expect(queue.VisibilityTimeout).toBe(fn.Timeout * 6);
    expect(queue.VisibilityTimeout).toBeGreaterThan(fn.Timeout);
    expect(queue.RedrivePolicy.maxReceiveCount).toBe(CONSUMER_QUEUE.maxReceiveCount);
    expect(resources[dlqId].Properties).toMatchObject({
      FifoQueue: true,
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    for (const id of [queueId(), dlqId])
      background.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: Match.arrayWith([{ Ref: id }]),
        PolicyDocument: {
          Statement: [
            Match.objectLike({ Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Effect: 'Deny' }),
          ],
        },
      });
  });
});
