/**
 * The reactions function: it reads the table's stream and turns changes of the entities in
 * REACTION_ENTITIES into live events, notifications and e-mail. The event source mapping filters the
 * stream to those entities (ElectroDB's `__edb_e__` in the new or the old image), so other writes never
 * invoke it; records it still fails on after bounded retries go to an encrypted SQS queue.
 */
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS, REACTION_ENTITIES } from '../../shared/background-functions';
import type { Backend } from './backend';

/** ElectroDB writes each item's entity name to this string attribute. */
export const ENTITY_ATTRIBUTE = '__edb_e__';

/** How the function consumes the stream; the CDK tests read the same values. */
export const REACTIONS_STREAM = {
  // Imports write hundreds of questions at once; their aggregates are applied a run at a time.
  batchSize: 100,
  maxBatchingWindow: Duration.seconds(1),
  retryAttempts: 5,
  maxRecordAge: Duration.hours(1),
  timeout: Duration.seconds(60),
  failedRecordRetention: Duration.days(14),
} as const;

export interface ReactionsProps {
  /** The table whose stream (new and old images) the function reads. */
  table: dynamodb.ITable;
  backend: Backend;
  removalPolicy: RemovalPolicy;
}

/** One filter per image: a change matches when either its new or its old item is a reaction entity. */
const reactionFilters = () =>
  (['NewImage', 'OldImage'] as const).map((image) =>
    lambda.FilterCriteria.filter({
      dynamodb: { [image]: { [ENTITY_ATTRIBUTE]: { S: lambda.FilterRule.or(...REACTION_ENTITIES) } } },
    }),
  );

export class Reactions extends Construct {
  readonly handler: NodejsFunction;
  /** Where the event source mapping sends records it gave up on (metadata of the batch, not the items). */
  readonly failedRecords: sqs.Queue;

  constructor(scope: Construct, id: string, props: ReactionsProps) {
    super(scope, id);
    const { reactions } = BACKGROUND_FUNCTIONS;

    this.failedRecords = new sqs.Queue(this, 'FailedRecords', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: REACTIONS_STREAM.failedRecordRetention,
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.failedRecords).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "This queue is itself the dead-letter destination of the reactions function's stream event source " +
        'mapping (on-failure destination); nothing consumes it automatically, so it needs no DLQ of its own.',
    });

    this.handler = props.backend.addHandler(this, 'Handler', {
      entry: reactions.entry,
      description: reactions.description,
      access: reactions.access,
      timeout: REACTIONS_STREAM.timeout,
    });
    this.handler.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: REACTIONS_STREAM.batchSize,
        maxBatchingWindow: REACTIONS_STREAM.maxBatchingWindow,
        // The handler answers with the records that failed; only those (and later ones) are retried,
        // and a failing batch is halved until the poison record is alone.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: REACTIONS_STREAM.retryAttempts,
        maxRecordAge: REACTIONS_STREAM.maxRecordAge,
        onFailure: new SqsDlq(this.failedRecords),
        filters: reactionFilters(),
      }),
    );
  }
}
