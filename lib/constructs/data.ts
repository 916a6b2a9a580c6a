/**
 * The single DynamoDB table (defined in shared/table.ts), with the stream the reactions function reads,
 * and the uploads bucket.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { STREAM_RECORD_PREFIX } from '../../shared/stream-routing';
import { TABLE } from '../../shared/table';

export interface DataProps {
  removalPolicy: RemovalPolicy;
  /** Origin of the SPA (https://host) allowed to PUT/GET presigned URLs from the browser. */
  appOrigin: string;
  accessLogsBucket: s3.IBucket;
}

const stringKey = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });

export class Data extends Construct {
  readonly table: dynamodb.Table;
  readonly uploadsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const retain = props.removalPolicy === RemovalPolicy.RETAIN;

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: stringKey(TABLE.partitionKey),
      sortKey: stringKey(TABLE.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      stream: dynamodb.StreamViewType[TABLE.streamViewType],
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: retain,
      removalPolicy: props.removalPolicy,
    });
    for (const index of TABLE.indexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: stringKey(index.partitionKey),
        sortKey: stringKey(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.uploadsBucket = new s3.Bucket(this, 'UploadsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      versioned: retain,
      removalPolicy: props.removalPolicy,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'uploads/',
      // The browser POSTs to presigned policies and reads back through presigned GETs, straight from S3.
      cors: [
        {
          allowedOrigins: [props.appOrigin],
          allowedMethods: [s3.HttpMethods.POST, s3.HttpMethods.GET],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Uploads land in staging/ and are moved out once checked; one never completed is removed.
        { id: 'StagedUploads', prefix: 'staging/', expiration: Duration.days(1) },
        // Oversized stream records the dispatcher passes by reference (functions/dispatcher/handler.ts):
        // kept as long as a message naming one may wait in a dead-letter queue (14 days).
        { id: 'StreamRecords', prefix: STREAM_RECORD_PREFIX, expiration: Duration.days(15) },
        // Exports (project data, answered questionnaires) are fetched once through a presigned GET.
        // (On a versioned bucket the expired version goes a day later too, not after the general 30.)
        {
          id: 'Exports',
          prefix: 'exports/',
          expiration: Duration.days(1),
          ...(retain ? { noncurrentVersionExpiration: Duration.days(1) } : {}),
        },
        ...(retain ? [{ noncurrentVersionExpiration: Duration.days(30) }] : []),
      ],
    });
  }
}
