/**
 * The one reader of the table's stream (DynamoDB Streams allows at most two readers per shard): the
 * streamDispatcher function (functions/dispatcher/handler.ts) with the table's only event source
 * mapping. No filter criteria: the dispatcher applies the one matcher (shared/stream-routing.ts) and
 * sends each change to the queue of every consumer that takes it (the reactions' FIFO queue, each
 * job's queue). Batches with partial batch failures and bisection, bounded retries and record age,
 * and an on-failure queue for the records it could not dispatch (the mapping's metadata of them).
 */
import { Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { STREAM_QUEUE_URLS_VARIABLE, type StreamConsumerName } from '../../shared/stream-routing';
import type { Backend } from './backend';
import { tlsOnly } from './stream-queue';

/** How the dispatcher reads the stream; the CDK tests read the same values. */
export const DISPATCHER_STREAM = {
  batchSize: 100,
  maxBatchingWindow: Duration.seconds(1),
  retryAttempts: 5,
  maxRecordAge: Duration.hours(6),
  timeout: Duration.seconds(60),
  memoryMb: 512,
  failedRecordRetention: Duration.days(14),
} as const;

export interface StreamDispatcherProps {
  table: dynamodb.ITable;
  backend: Backend;
  removalPolicy: RemovalPolicy;
  /** Every consumer's queue, by consumer name. */
  queues: Map<StreamConsumerName, sqs.IQueue>;
  /** Those queues and their dead-letter queues: TLS only, under one policy. */
  allConsumerQueues: sqs.IQueue[];
}

export class StreamDispatcher extends Construct {
  readonly handler: NodejsFunction;
  /** The mapping's on-failure destination: records the dispatcher could not send. */
  readonly failedRecords: sqs.Queue;

  constructor(scope: Construct, id: string, props: StreamDispatcherProps) {
    super(scope, id);
    const { streamDispatcher } = BACKGROUND_FUNCTIONS;
    this.failedRecords = new sqs.Queue(this, 'FailedRecords', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      retentionPeriod: DISPATCHER_STREAM.failedRecordRetention,
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.failedRecords).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "This queue is itself the on-failure destination of the stream dispatcher's event source mapping; " +
        'nothing consumes it automatically (an alarm fires on any message), so it needs no DLQ of its own.',
    });
    this.handler = props.backend.addHandler(this, 'Handler', {
      entry: streamDispatcher.entry,
      description: streamDispatcher.description,
      access: streamDispatcher.access,
      timeout: DISPATCHER_STREAM.timeout,
      memorySize: DISPATCHER_STREAM.memoryMb,
    });
    this.handler.addEnvironment(
      STREAM_QUEUE_URLS_VARIABLE,
      Stack.of(this).toJsonString(
        Object.fromEntries([...props.queues].map(([name, q]) => [name, q.queueUrl])),
      ),
    );
    props.backend.grantStreamQueues([...props.queues.values()]);
    // TLS only, for this queue and every consumer's queue and dead-letter queue: one policy.
    tlsOnly(this, 'QueuesTlsOnly', [this.failedRecords, ...props.allConsumerQueues]);
    this.handler.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: DISPATCHER_STREAM.batchSize,
        maxBatchingWindow: DISPATCHER_STREAM.maxBatchingWindow,
        // The handler answers with the first record it could not send; a failing batch is halved too.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: DISPATCHER_STREAM.retryAttempts,
        maxRecordAge: DISPATCHER_STREAM.maxRecordAge,
        onFailure: new SqsDlq(this.failedRecords),
      }),
    );
  }
}
