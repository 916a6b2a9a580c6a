/**
 * Replies to comment e-mails (functions/discussion/reply-mail.ts). Each comment e-mail carries a
 * signed reply address `reply+…@<replies.domain>`; the signing key is a secret generated here and
 * read by the functions that declare `replySigning` (through the AWS Parameters and Secrets Lambda
 * Extension). Mail to the reply domain is received by SES: a receipt rule set whose one rule (the
 * reply domain, spam and virus scanning on, TLS required) stores each message in the inbound
 * bucket (SES may write there: the bucket policy names ses.amazonaws.com for this account), and
 * the bucket's ObjectCreated event invokes the inboundMail function, which posts the reply.
 *
 * Region: SES receives e-mail only in some regions. The SES "email receiving endpoints" table as
 * found when this was written listed Asia Pacific (Sydney) among the regions without receiving;
 * AWS has been adding receiving regions since, so check the current table (AWS General Reference,
 * "Amazon Simple Email Service endpoints and quotas") before the first deploy. Where
 * ap-southeast-2 receives, this construct is complete: publish the reply domain's MX record
 * `10 inbound-smtp.ap-southeast-2.amazonaws.com` and activate the rule set once
 * (`aws ses set-active-receipt-rule-set --rule-set-name <ReceiptRuleSetName output>`; CloudFormation
 * cannot activate one). Where it does not, the stage routes replies through a receiving region
 * (us-east-1): deploy this construct's bucket, rule set and function there (S3 actions need a
 * bucket in the rule set's region, and S3 notifications a function in the bucket's), point the MX
 * record at inbound-smtp.us-east-1.amazonaws.com and give that function this stage's TABLE_NAME
 * with the table's region; see README "Replies by e-mail".
 */
import { CfnOutput, Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3n from 'aws-cdk-lib/aws-s3-notifications';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sesActions from 'aws-cdk-lib/aws-ses-actions';
import { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { acknowledgeWildcards } from '../nag';
import type { Backend } from './backend';

/** Where SES writes received messages in the inbound bucket; the function is invoked for these only. */
export const INBOUND_PREFIX = 'replies/';
/** Received messages are kept this long (replies are posted within seconds; the rest is for support). */
export const INBOUND_RETENTION = Duration.days(30);

export interface RepliesProps {
  /** The domain of reply addresses (e.g. reply.example.com), covered by the stage's SES identity. */
  domain: string;
  accessLogsBucket: s3.IBucket;
  removalPolicy: RemovalPolicy;
}

export class Replies extends Construct {
  readonly domain: string;
  readonly signingSecret: secretsmanager.Secret;
  readonly inboundBucket: s3.Bucket;
  ruleSet?: ses.ReceiptRuleSet;

  constructor(scope: Construct, id: string, props: RepliesProps) {
    super(scope, id);
    this.domain = props.domain;
    this.signingSecret = new secretsmanager.Secret(this, 'SigningSecret', {
      description: 'Signs the reply addresses of comment e-mails (HMAC-SHA256)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.signingSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'An HMAC key, not a credential of another system: rotating it would invalidate every reply address ' +
        'already sent (they are valid 60 days). Rotate by hand when needed (replies to older e-mails are then refused).',
    });
    this.inboundBucket = new s3.Bucket(this, 'InboundBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      removalPolicy: props.removalPolicy,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'inbound-mail/',
      lifecycleRules: [{ expiration: INBOUND_RETENTION }],
    });
  }

  /**
   * The inboundMail function, invoked for each message SES stores, and the receipt rule set. The
   * function (with its role and log group) is created in `handlerScope` (the background nested stack's
   * `Replies`, lib/background-stack.ts); the bucket's notification and the rule set stay here.
   */
  addReceiver(backend: Backend, handlerScope: Construct = this) {
    const { inboundMail } = BACKGROUND_FUNCTIONS;
    const handler = backend.addHandler(handlerScope, 'Handler', {
      entry: inboundMail.entry,
      description: inboundMail.description,
      access: inboundMail.access,
    });
    this.inboundBucket.addEventNotification(s3.EventType.OBJECT_CREATED, new s3n.LambdaDestination(handler), {
      prefix: INBOUND_PREFIX,
    });
    this.acknowledgeNotificationsHandler();
    this.ruleSet = new ses.ReceiptRuleSet(this, 'RuleSet');
    this.ruleSet.addRule('Replies', {
      recipients: [this.domain],
      scanEnabled: true,
      tlsPolicy: ses.TlsPolicy.REQUIRE,
      actions: [new sesActions.S3({ bucket: this.inboundBucket, objectKeyPrefix: INBOUND_PREFIX })],
    });
    new CfnOutput(this, 'ReceiptRuleSetName', {
      value: this.ruleSet.receiptRuleSetName,
      description: 'Activate once: aws ses set-active-receipt-rule-set --rule-set-name <this>',
    });
    new CfnOutput(this, 'ReplyMx', {
      value: `${this.domain} MX 10 inbound-smtp.ap-southeast-2.amazonaws.com`,
      description: 'The MX record that routes replies to SES receiving',
    });
    return handler;
  }

  /** CDK's singleton that configures bucket notifications: its code and role are CDK's, not ours. */
  private acknowledgeNotificationsHandler() {
    const helper = Stack.of(this).node.children.find((c) =>
      c.node.id.startsWith('BucketNotificationsHandler'),
    );
    if (!helper) return;
    Validations.of(helper).acknowledge(
      {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'CDK bucket-notifications handler: the basic execution policy only lets it write its own logs.',
      },
      {
        id: 'AwsSolutions-L1',
        reason: 'CDK bucket-notifications handler: aws-cdk-lib chooses and upgrades its runtime.',
      },
    );
    const policy = helper.node.tryFindChild('Role')?.node.tryFindChild('DefaultPolicy') as
      | iam.Policy
      | undefined;
    if (policy) {
      acknowledgeWildcards(policy, [
        {
          finding: /^Resource::\*$/,
          reason:
            'CDK bucket-notifications handler: s3:PutBucketNotification is granted on * by CDK; it only runs at ' +
            "deploy time to set the inbound bucket's notification.",
        },
      ]);
    }
  }
}
