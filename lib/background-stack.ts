/**
 * The application's background processing, as a CloudFormation nested stack of the application stack
 * (lib/stack.ts): the table stream's dispatcher and its on-failure queue, the reactions function and
 * each stream job with their queues and dead-letter queues (the dispatcher's fan-out), the scheduled
 * jobs, the SES mail events function with its rule and failure queue, and the inboundMail function
 * (replies by e-mail; the inbound bucket and its notification stay in the parent). Each function with its
 * role, policy and log group (Backend.addHandler creates them in this stack).
 *
 * Why a nested stack: it counts toward CloudFormation's 500-resource limit on its own (the parent
 * counts it as one AWS::CloudFormation::Stack), so the parent keeps the API, data, auth and web with
 * room to grow. It is deployed with the parent (no `cdk deploy` of its own); what it reads from the
 * parent (the table and its stream, buckets, user pool, secret, the handler environment) CDK passes as
 * the nested stack's parameters. Construct ids are kept as they were in the parent, so logical ids
 * and alarm names read the same.
 */
import { NestedStack, type RemovalPolicy } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import type { Backend } from './constructs/backend';
import type { Email } from './constructs/email';
import { MailEvents } from './constructs/mail-events';
import { Reactions } from './constructs/reactions';
import type { Replies } from './constructs/replies';
import { Schedules } from './constructs/schedules';
import { StreamDispatcher } from './constructs/stream-dispatcher';
import { StreamJobs } from './constructs/stream-jobs';

export interface BackgroundStackProps {
  /** The stage's handler runtime (its roles are granted on the parent's resources). */
  backend: Backend;
  /** The table whose stream the dispatcher reads. */
  table: dynamodb.Table;
  email: Email;
  /** Its inboundMail function is created here (the bucket, its notification and the rule set stay). */
  replies: Replies;
  removalPolicy: RemovalPolicy;
  description: string;
}

export class BackgroundStack extends NestedStack {
  readonly reactions: Reactions;
  readonly jobs: StreamJobs;
  readonly dispatcher: StreamDispatcher;
  readonly schedules: Schedules;
  readonly mailEvents: MailEvents;
  /** The inboundMail function (Replies.addReceiver). */
  readonly inboundMail: NodejsFunction;

  constructor(scope: Construct, id: string, props: BackgroundStackProps) {
    super(scope, id, { description: props.description });
    const { backend, removalPolicy } = props;
    this.reactions = new Reactions(this, 'Reactions', { backend, removalPolicy });
    this.jobs = new StreamJobs(this, 'Jobs', { backend, removalPolicy });
    // The table stream's one reader, feeding the reactions and each job through their queues.
    this.dispatcher = new StreamDispatcher(this, 'StreamDispatcher', {
      table: props.table,
      backend,
      removalPolicy,
      queues: new Map([
        ['reactions', this.reactions.queue],
        ...[...this.jobs.queues].map(([name, q]) => [name, q.queue] as const),
      ]),
      allConsumerQueues: [this.reactions.queue, this.reactions.deadLetters].concat(
        ...[...this.jobs.queues.values()].map((q) => [q.queue, q.deadLetters]),
      ),
    });
    this.schedules = new Schedules(this, 'Schedules', { backend });
    this.inboundMail = props.replies.addReceiver(backend, new Construct(this, 'Replies'));
    this.mailEvents = new MailEvents(this, 'MailEvents', { email: props.email, backend, removalPolicy });
  }
}
