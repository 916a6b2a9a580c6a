/** The bucket that receives S3 server access logs and CloudFront standard logs. */
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface AccessLogsProps {
  removalPolicy: RemovalPolicy;
  /** Days to keep log objects; RetentionDays.INFINITE keeps them forever. */
  retention: RetentionDays;
}

/** RetentionDays.INFINITE is 9999 in aws-cdk-lib. */
const INFINITE_RETENTION = 9999;

export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: AccessLogsProps) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with an ACL grant, so ACLs must stay enabled on this bucket.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      removalPolicy: props.removalPolicy,
      lifecycleRules:
        props.retention === INFINITE_RETENTION ? [] : [{ expiration: Duration.days(props.retention) }],
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own access would write logs about logs.',
    });
  }
}
