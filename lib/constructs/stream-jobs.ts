/**
 * Stream jobs: the background functions of shared/background-functions.ts that declare a `job`
 * (the import's processing). Each gets its own event source mapping on the table's stream,
 * filtered to new images matching its triggers (a source turning PROCESSING, a large sheet saved),
 * one record per invocation, bounded retries, and an SQS queue for the records it gave up on.
 */
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import type { Backend } from './backend';
import { ENTITY_ATTRIBUTE } from './reactions';

export const STREAM_JOB = { batchSize: 1, retryAttempts: 2, maxRecordAge: Duration.hours(6) } as const;

export interface StreamJobsProps {
  table: dynamodb.ITable;
  backend: Backend;
  removalPolicy: RemovalPolicy;
}

export class StreamJobs extends Construct {
  readonly handlers: Record<string, NodejsFunction> = {};

  constructor(scope: Construct, id: string, props: StreamJobsProps) {
    super(scope, id);
    for (const [name, fn] of Object.entries(BACKGROUND_FUNCTIONS)) {
      if (!('job' in fn)) continue;
      const { job } = fn;
      const failed = new sqs.Queue(this, `${name}Failed`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
        removalPolicy: props.removalPolicy,
      });
      Validations.of(failed).acknowledge({
        id: 'AwsSolutions-SQS3',
        reason: `The on-failure destination of the ${name} job's stream mapping; nothing consumes it automatically.`,
      });
      const handler = props.backend.addHandler(this, name, {
        entry: fn.entry,
        description: fn.description,
        access: fn.access,
        timeout: Duration.seconds(job.timeoutSeconds),
        memorySize: job.memoryMb,
      });
      handler.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: lambda.StartingPosition.LATEST,
          batchSize: STREAM_JOB.batchSize,
          retryAttempts: STREAM_JOB.retryAttempts,
          maxRecordAge: STREAM_JOB.maxRecordAge,
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(failed),
          // One filter per trigger; a record matching any of them is handed over.
          filters: job.triggers.map((trigger) =>
            lambda.FilterCriteria.filter({
              eventName: lambda.FilterRule.or('INSERT', 'MODIFY'),
              dynamodb: {
                NewImage: {
                  [ENTITY_ATTRIBUTE]: { S: lambda.FilterRule.isEqual(trigger.entity) },
                  [trigger.attribute]: { S: lambda.FilterRule.isEqual(trigger.value) },
                },
              },
            }),
          ),
        }),
      );
      this.handlers[name] = handler;
    }
  }
}
