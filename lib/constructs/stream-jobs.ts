/**
 * Stream jobs: the background functions of shared/background-functions.ts that declare a `job`
 * (the import's processing, the library-file reader, autofill, the Insights export). Each has its
 * own queue, fed by the stream dispatcher with the changes matching its triggers
 * (shared/stream-routing.ts), one message per invocation with partial batch responses, its own
 * dead-letter queue (a poison record leaves after MAX_RECEIVE_COUNT receives, the others go on), and
 * a maximum concurrency where the job is heavy.
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import type { StreamJobName } from '../../shared/stream-routing';
import type { Backend } from './backend';
import { ConsumerQueue } from './stream-queue';

export const STREAM_JOB = { batchSize: 1 } as const;

export interface StreamJobsProps {
  backend: Backend;
  removalPolicy: RemovalPolicy;
}

export class StreamJobs extends Construct {
  readonly handlers: Record<string, NodejsFunction> = {};
  /** Each job's queue (fed by the dispatcher) and dead-letter queue. */
  readonly queues = new Map<StreamJobName, { queue: sqs.Queue; deadLetters: sqs.Queue }>();

  constructor(scope: Construct, id: string, props: StreamJobsProps) {
    super(scope, id);
    for (const [name, fn] of Object.entries(BACKGROUND_FUNCTIONS)) {
      if (!('job' in fn)) continue;
      const { job } = fn;
      const timeout = Duration.seconds(job.timeoutSeconds);
      const handler = props.backend.addHandler(this, name, {
        entry: fn.entry,
        description: fn.description,
        access: fn.access,
        timeout,
        memorySize: job.memoryMb,
      });
      const queue = new ConsumerQueue(this, `${name}Queue`, {
        consumerTimeout: timeout,
        removalPolicy: props.removalPolicy,
        consumer: name,
      });
      const maxConcurrency = 'maxConcurrency' in job ? job.maxConcurrency : undefined;
      handler.addEventSource(
        new SqsEventSource(queue.queue, {
          batchSize: STREAM_JOB.batchSize,
          reportBatchItemFailures: true,
          ...(maxConcurrency ? { maxConcurrency: Math.max(2, maxConcurrency) } : {}),
        }),
      );
      this.handlers[name] = handler;
      this.queues.set(name as StreamJobName, queue);
    }
  }
}
