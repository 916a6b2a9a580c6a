/**
 * A consumer's queue on the stream dispatcher's fan-out: encrypted (SQS-managed), TLS only (one
 * queue policy for all of them, `tlsOnly` below: a policy per queue would cost ten resources), its
 * visibility timeout six times the consumer function's timeout (AWS's guidance for an SQS event
 * source; at most 12 hours), and a dead-letter queue of its own that takes a message after
 * MAX_RECEIVE_COUNT failed receives, so a poison record leaves and the others go on. The consumer
 * hides a message it failed on for a short backoff (functions/common/stream-queue.ts) with
 * sqs:ChangeMessageVisibility, which its SQS event source grants it on this queue only (with
 * ReceiveMessage and DeleteMessage; test/cdk/stream-jobs.test.ts pins it).
 */
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export const CONSUMER_QUEUE = {
  /** Receives of one message (its first try and two retries) before it moves to the dead-letter queue. */
  maxReceiveCount: 3,
  /** Visibility timeout = this × the consumer's timeout. */
  visibilityFactor: 6,
  retention: Duration.days(4),
  deadLetterRetention: Duration.days(14),
} as const;

export interface ConsumerQueueProps {
  /** The consumer function's timeout. */
  consumerTimeout: Duration;
  /** Ordered per message group (the reactions: per item). */
  fifo?: boolean;
  removalPolicy: RemovalPolicy;
  /** For the dead-letter queue's acknowledgement. */
  consumer: string;
}

export class ConsumerQueue extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: ConsumerQueueProps) {
    super(scope, id);
    const visibility = Math.min(
      props.consumerTimeout.toSeconds() * CONSUMER_QUEUE.visibilityFactor,
      12 * 3600,
    );
    this.deadLetters = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      retentionPeriod: CONSUMER_QUEUE.deadLetterRetention,
      removalPolicy: props.removalPolicy,
      ...(props.fifo ? { fifo: true } : {}),
    });
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `The dead-letter queue of the ${props.consumer} queue; nothing consumes it automatically (an alarm fires on any message).`,
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      retentionPeriod: CONSUMER_QUEUE.retention,
      visibilityTimeout: Duration.seconds(visibility),
      removalPolicy: props.removalPolicy,
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: CONSUMER_QUEUE.maxReceiveCount },
      ...(props.fifo ? { fifo: true, contentBasedDeduplication: false } : {}),
    });
  }
}

/**
 * One queue policy refusing every request without TLS on all these queues (what `enforceSSL` writes,
 * once for all of them).
 */
export function tlsOnly(scope: Construct, id: string, queues: sqs.IQueue[]): sqs.CfnQueuePolicy {
  return new sqs.CfnQueuePolicy(scope, id, {
    queues: queues.map((q) => q.queueUrl),
    policyDocument: new iam.PolicyDocument({
      statements: [
        new iam.PolicyStatement({
          effect: iam.Effect.DENY,
          principals: [new iam.AnyPrincipal()],
          actions: ['sqs:*'],
          resources: queues.map((q) => q.queueArn),
          conditions: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      ],
    }),
  });
}
