/**
 * The stream jobs construct: for each background function that declares a `job` (the import's
 * processing), its function with the declared memory and time, its own event source mapping on the
 * table's stream filtered to the job's new images, one record per invocation with bounded retries,
 * its own queue for records it gave up on, and no access beyond its declaration.
 */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_ATTRIBUTE } from '../../lib/constructs/reactions';
import { STREAM_JOB } from '../../lib/constructs/stream-jobs';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import {
  actionsOf,
  mappingOf,
  ofType,
  type Properties,
  type Resources,
  roleOf,
  roleStatements,
  synthDev,
} from './support';

let template: Template;
let resources: Resources;
beforeAll(() => {
  ({ template, resources } = synthDev());
});

const JOBS = Object.entries(BACKGROUND_FUNCTIONS).flatMap(([name, fn]) =>
  'job' in fn ? [{ name, ...fn }] : [],
);
type Job = (typeof JOBS)[number];

const mapping = (job: Job): Properties => mappingOf(resources, job.description).Properties;
const functionOf = (job: Job) => resources[mapping(job).FunctionName.Ref as string];

/** The subset of EventBridge-style pattern matching Lambda filters use here: exact string lists. */
function patternMatches(pattern: unknown, event: unknown): boolean {
  if (Array.isArray(pattern)) return pattern.includes(event);
  if (pattern === null || typeof pattern !== 'object') return false;
  if (event === null || typeof event !== 'object') return false;
  return Object.entries(pattern).every(([key, sub]) =>
    patternMatches(sub, (event as Record<string, unknown>)[key]),
  );
}
const invokes = (job: Job, record: unknown) =>
  (mapping(job).FilterCriteria.Filters as { Pattern: string }[]).some((f) =>
    patternMatches(JSON.parse(f.Pattern), record),
  );
const image = (entity: string, attributes: Record<string, string> = {}) => ({
  pk: { S: 'x' },
  [ENTITY_ATTRIBUTE]: { S: entity },
  ...Object.fromEntries(Object.entries(attributes).map(([k, v]) => [k, { S: v }])),
});

describe('stream jobs', () => {
  it('declares the import processing job, the library-file reader and the autofill job', () => {
    expect(JOBS.map((j) => j.name)).toEqual([
      'sourceProcessor',
      'libraryFileReader',
      'autofill',
      'insightsExport',
    ]);
    // The library importer's workbook is read in a job of its own, not in the API function.
    expect(BACKGROUND_FUNCTIONS.libraryFileReader.job.triggers).toEqual([
      { entity: 'libraryFile', attribute: 'status', value: 'PROCESSING' },
    ]);
    expect(BACKGROUND_FUNCTIONS.autofill.job.triggers).toEqual([
      { entity: 'autofillRun', attribute: 'status', value: 'QUEUED' },
    ]);
    expect(BACKGROUND_FUNCTIONS.sourceProcessor.job.triggers).toEqual([
      { entity: 'source', attribute: 'status', value: 'PROCESSING' },
      { entity: 'sourceSheet', attribute: 'applyState', value: 'APPLYING' },
    ]);
  });

  it.each(JOBS)('runs $name with its declared memory and time', (job) => {
    expect(functionOf(job).Type).toBe('AWS::Lambda::Function');
    expect(functionOf(job).Properties).toMatchObject({
      Description: job.description,
      MemorySize: job.job.memoryMb,
      Timeout: job.job.timeoutSeconds,
      Runtime: 'nodejs22.x',
      TracingConfig: { Mode: 'Active' },
    });
    // A file of 20 MB takes memory; Lambda's limit is 15 minutes.
    expect(job.job.memoryMb).toBeGreaterThanOrEqual(1024);
    expect(job.job.timeoutSeconds).toBeLessThanOrEqual(900);
  });

  it.each(JOBS)(
    "$name reads the table's stream from LATEST one record at a time, with bounded retries",
    (job) => {
      const [tableId] = ofType(resources, 'AWS::DynamoDB::Table')[0];
      expect(mapping(job)).toMatchObject({
        EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
        StartingPosition: 'LATEST',
        BatchSize: 1,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumRetryAttempts: STREAM_JOB.retryAttempts,
        MaximumRecordAgeInSeconds: STREAM_JOB.maxRecordAge.toSeconds(),
      });
      expect(STREAM_JOB.batchSize).toBe(1);
      expect(STREAM_JOB.retryAttempts).toBeGreaterThan(0);
      expect(STREAM_JOB.retryAttempts).toBeLessThanOrEqual(3);
    },
  );

  it.each(JOBS)('$name sends records it gives up on to its own encrypted, TLS-only queue', (job) => {
    const queueId = mapping(job).DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0] as string;
    expect(resources[queueId].Type).toBe('AWS::SQS::Queue');
    expect(resources[queueId].Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    const reactionsQueue = mappingOf(resources, BACKGROUND_FUNCTIONS.reactions.description).Properties
      .DestinationConfig.OnFailure.Destination['Fn::GetAtt'][0];
    expect(queueId).not.toBe(reactionsQueue);
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

  it('processes a source only when it is inserted or modified with the status PROCESSING', () => {
    const job = JOBS.find((j) => j.name === 'sourceProcessor')!;
    const processing = image('source', { status: 'PROCESSING' });
    const uploading = image('source', { status: 'UPLOADING' });
    expect(invokes(job, { eventName: 'INSERT', dynamodb: { NewImage: processing } })).toBe(true);
    expect(
      invokes(job, { eventName: 'MODIFY', dynamodb: { NewImage: processing, OldImage: uploading } }),
    ).toBe(true);
    for (const status of ['UPLOADING', 'READY', 'FAILED'])
      expect(
        invokes(job, {
          eventName: 'MODIFY',
          dynamodb: { NewImage: image('source', { status }), OldImage: processing },
        }),
        status,
      ).toBe(false);
    expect(invokes(job, { eventName: 'REMOVE', dynamodb: { OldImage: processing } })).toBe(false);
    // Another entity with the same attribute value is not a source.
    expect(
      invokes(job, {
        eventName: 'INSERT',
        dynamodb: { NewImage: image('question', { status: 'PROCESSING' }) },
      }),
    ).toBe(false);
    expect(invokes(job, { eventName: 'INSERT', dynamodb: { NewImage: { pk: { S: 'HEALTH' } } } })).toBe(
      false,
    );
  });

  it('applies a sheet only when it is saved with applyState APPLYING', () => {
    const job = JOBS.find((j) => j.name === 'sourceProcessor')!;
    const applying = image('sourceSheet', { applyState: 'APPLYING' });
    expect(invokes(job, { eventName: 'MODIFY', dynamodb: { NewImage: applying } })).toBe(true);
    // Released by the job (the attribute removed), or saved in the request: nothing to do.
    expect(
      invokes(job, { eventName: 'MODIFY', dynamodb: { NewImage: image('sourceSheet'), OldImage: applying } }),
    ).toBe(false);
    expect(invokes(job, { eventName: 'INSERT', dynamodb: { NewImage: image('sourceSheet') } })).toBe(false);
    expect(
      invokes(job, {
        eventName: 'MODIFY',
        dynamodb: { NewImage: image('question', { applyState: 'APPLYING' }) },
      }),
    ).toBe(false);
  });

  it.each(JOBS)('$name holds its declared access only: no e-mail, connections, users or secrets', (job) => {
    const actions = roleStatements(resources, roleOf(functionOf(job))).flatMap(actionsOf);
    for (const needed of ['dynamodb:PutItem', 'dynamodb:Query', 's3:GetObject'])
      expect(actions, needed).toContain(needed);
    // The processor writes sheets' contents; autofill only reads the library's index.
    if (job.access.uploads === 'read') expect(actions).not.toContain('s3:PutObject');
    else expect(actions).toContain('s3:PutObject');
    expect(actions.filter((a) => /^(ses|execute-api|cognito-idp|secretsmanager):/.test(a))).toEqual([]);
  });
});
