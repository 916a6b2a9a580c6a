/**
 * The reactions function: it turns changes of the entities in REACTION_ENTITIES into live events,
 * notifications and e-mail. It no longer reads the table's stream itself: the stream dispatcher
 * (lib/constructs/stream-dispatcher.ts) sends it those changes through a FIFO queue of its own,
 * grouped by item (one item's changes in order, other items in parallel), with partial batch
 * responses; a record it still fails on after MAX_RECEIVE_COUNT receives moves to the queue's
 * dead-letter queue without holding back the others.
 */
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import type { Backend } from './backend';
import { ConsumerQueue } from './stream-queue';

export { ENTITY_ATTRIBUTE } from '../../shared/stream-routing';

/** How the function consumes its queue; the CDK tests read the same values. */
export const REACTIONS_QUEUE = {
  // A FIFO queue's event source takes at most 10 messages per batch.
  batchSize: 10,
  timeout: Duration.seconds(60),
} as const;

export interface ReactionsProps {
  backend: Backend;
  removalPolicy: RemovalPolicy;
}

export class Reactions extends Construct {
  readonly handler: NodejsFunction;
  /** The queue the dispatcher feeds (FIFO), and its dead-letter queue. */
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: ReactionsProps) {
    super(scope, id);
    const { reactions } = BACKGROUND_FUNCTIONS;
    this.handler = props.backend.addHandler(this, 'Handler', {
      entry: reactions.entry,
      description: reactions.description,
      access: reactions.access,
      timeout: REACTIONS_QUEUE.timeout,
    });
    const queue = new ConsumerQueue(this, 'Changes', {
      consumerTimeout: REACTIONS_QUEUE.timeout,
      fifo: true,
      removalPolicy: props.removalPolicy,
      consumer: 'reactions',
    });
    this.queue = queue.queue;
    this.deadLetters = queue.deadLetters;
    this.handler.addEventSource(
      new SqsEventSource(this.queue, { batchSize: REACTIONS_QUEUE.batchSize, reportBatchItemFailures: true }),
    );
  }
}
