/**
 * Mail health on AWS: the configuration set every send goes through publishes its bounce, complaint,
 * reject, delivery-delay and delivery events to the account's default EventBridge bus, and a rule
 * (matching this configuration set only) invokes the mailEvents function, which records each address's
 * state (functions/mail-events). EventBridge rather than an SNS topic: SES publishes to the default bus
 * without a topic, a customer managed KMS key and its key policy for SES (an SNS topic SES may publish
 * to encrypted must use one), and the rule's retries (24 hours) and dead-letter queue come with it.
 * Events EventBridge cannot deliver, and invocations that still fail after Lambda's retries, land in
 * one encrypted queue (the monitoring stack alarms on any message in it).
 */
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import type { Backend } from './backend';
import type { Email } from './email';

/** The SES events the function reads, and their EventBridge detail types; the CDK tests read these. */
export const MAIL_EVENTS = {
  sesEvents: [
    ses.EmailSendingEvent.BOUNCE,
    ses.EmailSendingEvent.COMPLAINT,
    ses.EmailSendingEvent.REJECT,
    ses.EmailSendingEvent.DELIVERY_DELAY,
    // A delivery clears a transient (soft bounce, delay) state.
    ses.EmailSendingEvent.DELIVERY,
  ],
  detailTypes: [
    'Email Bounced',
    'Email Complaint Received',
    'Email Rejected',
    'Email Delivery Delayed',
    'Email Delivered',
  ],
  retryAttempts: 8,
  maxEventAge: Duration.hours(24),
  timeout: Duration.seconds(60),
  failedEventRetention: Duration.days(14),
} as const;

export interface MailEventsProps {
  email: Email;
  backend: Backend;
  removalPolicy: RemovalPolicy;
}

export class MailEvents extends Construct {
  readonly handler: NodejsFunction;
  readonly failedEvents: sqs.Queue;
  readonly rule: events.Rule;

  constructor(scope: Construct, id: string, props: MailEventsProps) {
    super(scope, id);
    const { mailEvents } = BACKGROUND_FUNCTIONS;
    const { configurationSet } = props.email;

    configurationSet.addEventDestination('ToEventBridge', {
      destination: ses.EventDestination.eventBus(
        events.EventBus.fromEventBusName(this, 'DefaultBus', 'default'),
      ),
      events: [...MAIL_EVENTS.sesEvents],
    });

    this.failedEvents = new sqs.Queue(this, 'FailedEvents', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: MAIL_EVENTS.failedEventRetention,
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.failedEvents).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "This queue is itself the dead-letter queue of the mail events rule's target and the mailEvents " +
        "function's on-failure destination; nothing consumes it automatically, so it needs no DLQ of its own.",
    });

    this.handler = props.backend.addHandler(this, 'Handler', {
      entry: mailEvents.entry,
      description: mailEvents.description,
      access: mailEvents.access,
      timeout: MAIL_EVENTS.timeout,
    });
    // EventBridge invokes asynchronously: an invocation that still fails after Lambda's retries is kept.
    this.handler.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(this.failedEvents),
    });

    this.rule = new events.Rule(this, 'Rule', {
      description: `SES events of configuration set ${configurationSet.node.path} to ${mailEvents.entry}`,
      eventPattern: {
        source: ['aws.ses'],
        detailType: [...MAIL_EVENTS.detailTypes],
        detail: { mail: { tags: { 'ses:configuration-set': [configurationSet.configurationSetName] } } },
      },
      targets: [
        new targets.LambdaFunction(this.handler, {
          retryAttempts: MAIL_EVENTS.retryAttempts,
          maxEventAge: MAIL_EVENTS.maxEventAge,
          deadLetterQueue: this.failedEvents,
        }),
      ],
    });
  }
}
