/** The data construct: the single table (with its stream) and the uploads bucket; every bucket's basics. */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE } from '../../shared/table';
import { ofType, type Resources, synthDev } from './support';

let template: Template;
let resources: Resources;
beforeAll(() => {
  ({ template, resources } = synthDev());
});

describe('data', () => {
  it('builds the single table from shared/table.ts', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      SSESpecification: { SSEEnabled: true },
      GlobalSecondaryIndexes: TABLE.indexes.map((index) => ({
        IndexName: index.name,
        KeySchema: [
          { AttributeName: index.partitionKey, KeyType: 'HASH' },
          { AttributeName: index.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    });
    const [, table] = ofType(resources, 'AWS::DynamoDB::Table')[0];
    const stringAttributes = [
      TABLE.partitionKey,
      TABLE.sortKey,
      ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
    ];
    expect(table.Properties.AttributeDefinitions).toEqual(
      expect.arrayContaining(stringAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
    );
  });

  it('streams new and old images of every change (the reactions function reads them)', () => {
    expect(TABLE.streamViewType).toBe('NEW_AND_OLD_IMAGES');
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('blocks public access and refuses plain HTTP on every bucket', () => {
    const buckets = ofType(resources, 'AWS::S3::Bucket');
    // Uploads, the SPA, access logs and the inbound mail bucket (replies.test.ts).
    expect(buckets.length).toBe(4);
    const policies = ofType(resources, 'AWS::S3::BucketPolicy');
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      const policy = policies.find(([, p]) => p.Properties.Bucket.Ref === id);
      expect(JSON.stringify(policy?.[1].Properties.PolicyDocument), id).toMatch(
        /"Condition":\{"Bool":\{"aws:SecureTransport":"false"\}\},"Effect":"Deny"/,
      );
    }
  });

  it('lets the SPA origin POST and GET presigned upload URLs (no PUT)', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ['POST', 'GET'],
            AllowedHeaders: ['*'],
            AllowedOrigins: [
              {
                'Fn::Join': [
                  '',
                  ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] }],
                ],
              },
            ],
          }),
        ],
      },
    });
  });

  it('removes staged uploads that were never completed after a day', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({
            Id: 'StagedUploads',
            Prefix: 'staging/',
            ExpirationInDays: 1,
            Status: 'Enabled',
          }),
        ]),
      },
    });
  });

  it('removes exports a day after they were written', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([
          Match.objectLike({ Id: 'Exports', Prefix: 'exports/', ExpirationInDays: 1, Status: 'Enabled' }),
        ]),
      },
    });
  });
});
