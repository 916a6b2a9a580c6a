/**
 * The table's stream and its consumers: exactly one event source mapping on the stream (the stream
 * dispatcher's: batches, bisection, partial batch failures, bounded retries and record age, an
 * on-failure queue), and each consumer (the reactions, each job of shared/background-functions.ts)
 * fed through its own queue: an SQS event source with partial batch responses, a visibility timeout
 * six times its function's timeout, its own dead-letter queue, one message at a time and a maximum
 * concurrency for the heavy jobs, and no access beyond its declaration.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DISPATCHER_STREAM } from '../../lib/constructs/stream-dispatcher';
import { CONSUMER_QUEUE } from '../../lib/constructs/stream-queue';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { STREAM_CONSUMERS, STREAM_JOBS } from '../../shared/stream-routing';
import {
  actionsOf,
  handlerFunctions,
  mappingOf,
  ofType,
  type Properties,
  type Resources,
  roleOf,
  roleStatements,
  synthCheap,
  synthDev,
} from './support';

// The background nested stack holds the dispatcher, the jobs and their queues; `resources` is the
// application's (its stack and the nested one, support.ts applicationResources).
let background: Template;
let resources: Resources;
beforeAll(() => {
  ({ background, appResources: resources } = synthDev());
});

const JOBS = Object.entries(BACKGROUND_FUNCTIONS).flatMap(([name, fn]) =>
  'job' in fn ? [{ name, ...fn }] : [],
);
type Job = (typeof JOBS)[number];

const mapping = (description: string): Properties => mappingOf(resources, description).Properties;
const functionOf = (job: Job) => resources[mapping(job.description).FunctionName.Ref as string];
const queueOf = (description: string) => resources[mapping(description).EventSourceArn['Fn::GetAtt'][0]];
const streamMappings = (all: Resources) =>
  ofType(all, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
    /StreamArn/.test(JSON.stringify(m.Properties.EventSourceArn)),
  );

describe('the table stream', () => {
  it('has exactly one reader across all stacks of every stage: the stream dispatcher', () => {
    // Prepare
    const stages = ['dev', 'prod'];
    // Act
    const readers = stages.flatMap((stage) => {
      const built = synthCheap(stage);
      return [built.stack, built.stack.background, built.edge, built.monitoring].flatMap(
        (stack) => streamMappings(Template.fromStack(stack).toJSON().Resources ?? {}) as unknown[],
      );
    });
    // Assess: one per stage (5 before: the reactions and each of the four jobs).
    expect(readers).toHaveLength(stages.length);
    expect(streamMappings(resources)).toHaveLength(1);
    const [, only] = streamMappings(resources)[0];
    expect(resources[only.Properties.FunctionName.Ref].Properties.Description).toBe(
      BACKGROUND_FUNCTIONS.streamDispatcher.description,
    );
  });

  it('is read from LATEST in batches with bisection, partial failures, bounded retries and no filter', () => {
    // Prepare
    const [tableId] = ofType(resources, 'AWS::DynamoDB::Table')[0];
    // Act
    const dispatcher = mapping(BACKGROUND_FUNCTIONS.streamDispatcher.description);
    // Assess
    expect(dispatcher).toMatchObject({
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: DISPATCHER_STREAM.batchSize,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: DISPATCHER_STREAM.retryAttempts,
      MaximumRecordAgeInSeconds: DISPATCHER_STREAM.maxRecordAge.toSeconds(),
    });
    // The matcher in shared/stream-routing.ts is the only filter.
    expect(dispatcher.FilterCriteria).toBeUndefined();
    const failedId = dispatcher.DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
    expect(resources[failedId].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
  });

  it('lets the dispatcher send to every consumer queue and write only stream-records/ of the uploads bucket', () => {
    // Prepare
    const dispatcherFn =
      resources[mapping(BACKGROUND_FUNCTIONS.streamDispatcher.description).FunctionName.Ref];
    // Act
    const statements = roleStatements(resources, roleOf(dispatcherFn));
    const urls = JSON.stringify(dispatcherFn.Properties.Environment.Variables.STREAM_QUEUE_URLS);
    // Assess
    for (const consumer of STREAM_CONSUMERS) {
      const description = BACKGROUND_FUNCTIONS[consumer].description;
      const queueId = mapping(description).EventSourceArn['Fn::GetAtt'][0];
      expect(urls, consumer).toContain(queueId);
      expect(
        statements.some(
          (s) =>
            actionsOf(s).includes('sqs:SendMessage') && JSON.stringify(s.Resource).includes(`"${queueId}"`),
        ),
        consumer,
      ).toBe(true);
    }
    const writes = statements.filter((s) => actionsOf(s).includes('s3:PutObject'));
    expect(writes).toHaveLength(1);
    expect(JSON.stringify(writes[0].Resource)).toMatch(/\/stream-records\/\*"/);
    expect(statements.flatMap(actionsOf)).not.toContain('dynamodb:PutItem');
  });
});

describe('the consumers’ retry backoff', () => {
  it('lets each consumer change the visibility of its own queue’s messages, and of no other queue’s', () => {
    // functions/common/stream-queue.ts hides a failed message for a short backoff before reporting it.
    const consumerRoles = new Set<string>();
    for (const consumer of STREAM_CONSUMERS) {
      // Prepare
      const source = mapping(BACKGROUND_FUNCTIONS[consumer].description);
      const role = roleOf(resources[source.FunctionName.Ref]);
      consumerRoles.add(role);
      // Act
      const grants = roleStatements(resources, role).filter((s) =>
        actionsOf(s).some((a) => a === 'sqs:ChangeMessageVisibility' || a === 'sqs:*'),
      );
      // Assess: on the queue its event source reads, only.
      expect(grants.length, consumer).toBeGreaterThan(0);
      for (const grant of grants) {
        expect(actionsOf(grant), consumer).not.toContain('sqs:*');
        expect(grant.Resource, consumer).toEqual(source.EventSourceArn);
      }
    }
    // No other function may change any queue's visibility.
    for (const [id, fn] of handlerFunctions(resources)) {
      if (consumerRoles.has(roleOf(fn))) continue;
      const actions = roleStatements(resources, roleOf(fn)).flatMap(actionsOf);
      expect(actions, id).not.toContain('sqs:ChangeMessageVisibility');
    }
  });
});

describe('stream jobs', () => {
  it('declares the import processing job, the library-file reader, autofill, the consistency check, library health, the Insights export and the webhook sender', () => {
    expect(JOBS.map((j) => j.name)).toEqual([
      'sourceProcessor',
      'libraryFileReader',
      'autofill',
      'consistencyCheck',
      'libraryHealth',
      'insightsExport',
      'webhookSender',
    ]);
    expect(STREAM_JOBS).toEqual(JOBS.map((j) => j.name));
    expect(BACKGROUND_FUNCTIONS.libraryFileReader.job.triggers).toEqual([
      { entity: 'libraryFile', attribute: 'status', value: 'PROCESSING' },
    ]);
    expect(BACKGROUND_FUNCTIONS.autofill.job.triggers).toEqual([
      { entity: 'autofillRun', attribute: 'status', value: 'QUEUED' },
      // The library's gap list (issue 28 part 4) is computed by the same job.
      { entity: 'libraryGaps', attribute: 'status', value: 'QUEUED' },
    ]);
    expect(BACKGROUND_FUNCTIONS.sourceProcessor.job.triggers).toEqual([
      { entity: 'source', attribute: 'status', value: 'PROCESSING' },
      { entity: 'sourceSheet', attribute: 'applyState', value: 'APPLYING' },
      { entity: 'source', attribute: 'versionState', value: 'COMPARING' },
      { entity: 'source', attribute: 'versionState', value: 'APPLYING' },
    ]);
  });

  it.each(JOBS)('runs $name with its declared memory and time', (job) => {
    expect(functionOf(job).Properties).toMatchObject({
      Description: job.description,
      MemorySize: job.job.memoryMb,
      Timeout: job.job.timeoutSeconds,
      Runtime: 'nodejs22.x',
      TracingConfig: { Mode: 'Active' },
    });
    // The jobs that read files or the library get room; the webhook sender makes one HTTP call a record.
    expect(job.job.memoryMb).toBeGreaterThanOrEqual(job.name === 'webhookSender' ? 256 : 1024);
    expect(job.job.timeoutSeconds).toBeLessThanOrEqual(900);
  });

  it.each(JOBS)('$name reads its own queue one message at a time with partial batch responses', (job) => {
    // Act
    const source = mapping(job.description);
    // Assess
    expect(queueOf(job.description).Type).toBe('AWS::SQS::Queue');
    expect(source).toMatchObject({ BatchSize: 1, FunctionResponseTypes: ['ReportBatchItemFailures'] });
    // The heavy jobs run at most twice at once (SQS event sources take 2 at least).
    if (['sourceProcessor', 'autofill', 'libraryFileReader'].includes(job.name))
      expect(source.ScalingConfig).toEqual({ MaximumConcurrency: 2 });
  });

  it.each(JOBS)(
    "$name's queue keeps a message invisible above its timeout and has its own encrypted, TLS-only DLQ",
    (job) => {
      // Prepare
      const queue = queueOf(job.description).Properties;
      // Act
      const dlqId = queue.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
      // Assess
      expect(queue.VisibilityTimeout).toBe(Math.min(job.job.timeoutSeconds * 6, 12 * 3600));
      expect(queue.VisibilityTimeout).toBeGreaterThan(job.job.timeoutSeconds);
      expect(queue.SqsManagedSseEnabled).toBe(true);
      expect(queue.RedrivePolicy.maxReceiveCount).toBe(CONSUMER_QUEUE.maxReceiveCount);
      expect(resources[dlqId].Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 14 * 24 * 3600,
      });
      const otherDlqs = JOBS.filter((j) => j !== job).map(
        (j) => queueOf(j.description).Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0],
      );
      expect(otherDlqs).not.toContain(dlqId);
      background.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: Match.arrayWith([{ Ref: dlqId }]),
        PolicyDocument: {
          Statement: [
            Match.objectLike({ Condition: { Bool: { 'aws:SecureTransport': 'false' } }, Effect: 'Deny' }),
          ],
        },
      });
    },
  );

  it.each(JOBS)('$name holds its declared access only: no e-mail, connections, users or secrets', (job) => {
    const actions = roleStatements(resources, roleOf(functionOf(job))).flatMap(actionsOf);
    for (const needed of ['dynamodb:PutItem', 'dynamodb:Query', 's3:GetObject', 'sqs:DeleteMessage'])
      expect(actions, needed).toContain(needed);
    const uploads = 'uploads' in job.access ? job.access.uploads : undefined;
    if (uploads === 'readwrite') expect(actions).toContain('s3:PutObject');
    else expect(actions).not.toContain('s3:PutObject');
    expect(actions.filter((a) => /^(ses|execute-api|cognito-idp|secretsmanager):/.test(a))).toEqual([]);
    // Only the dispatcher reads the stream.
    expect(actions).not.toContain('dynamodb:ListStreams');
  });
});
