/**
 * Replies by e-mail on AWS: SES receiving for the reply domain stores each message in the inbound
 * bucket (which SES may write to), the bucket's ObjectCreated events invoke the inboundMail
 * function, and only the functions that sign or check reply addresses read the signing secret.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStageConfig } from '../../lib/config/stages';
import { INBOUND_PREFIX } from '../../lib/constructs/replies';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import {
  handlerFunctions,
  ofType,
  type Resource,
  roleOf,
  roleStatements,
  type Synth,
  synthDev,
} from './support';

let synth: Synth;
let resources: Record<string, Resource>;
beforeAll(() => {
  synth = synthDev();
  // The application's: the inboundMail function is in the background nested stack (support.ts).
  resources = synth.appResources;
});

const only = (type: string) => {
  const found = ofType(resources, type);
  expect(found, type).toHaveLength(1);
  return found[0];
};

describe('replies by e-mail', () => {
  it('receives mail for the reply domain into the inbound bucket, scanned and over TLS', () => {
    only('AWS::SES::ReceiptRuleSet');
    const [, rule] = only('AWS::SES::ReceiptRule');
    expect(rule.Properties.Rule).toMatchObject({
      Enabled: true,
      Recipients: ['reply.dev.example.com'],
      ScanEnabled: true,
      TlsPolicy: 'Require',
      Actions: [{ S3Action: { ObjectKeyPrefix: INBOUND_PREFIX } }],
    });
    const target = rule.Properties.Rule.Actions[0].S3Action.BucketName.Ref as string;
    expect(target).toMatch(/^RepliesInboundBucket/);
  });

  it('lets SES of this account write to the inbound bucket, which is private, encrypted and expiring', () => {
    const bucketId = Object.keys(resources).find(
      (id) => id.startsWith('RepliesInboundBucket') && resources[id].Type === 'AWS::S3::Bucket',
    )!;
    const bucket = resources[bucketId];
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption).toBeDefined();
    expect(JSON.stringify(bucket.Properties.LifecycleConfiguration)).toContain('"ExpirationInDays":30');
    const [, policy] = ofType(resources, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === bucketId,
    )!;
    const statements = policy.Properties.PolicyDocument.Statement as Array<Record<string, any>>;
    const sesWrite = statements.find((s) => s.Principal?.Service === 'ses.amazonaws.com');
    expect(sesWrite).toMatchObject({ Effect: 'Allow', Action: 's3:PutObject' });
    expect(JSON.stringify(sesWrite!.Condition)).toContain('aws:SourceAccount');
    // TLS only (enforceSSL).
    expect(
      statements.some((s) => s.Effect === 'Deny' && JSON.stringify(s.Condition).includes('SecureTransport')),
    ).toBe(true);
  });

  it("invokes the inboundMail function for the bucket's new objects under the replies prefix", () => {
    const [, notifications] = only('Custom::S3BucketNotifications');
    const configs = notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations;
    expect(configs).toHaveLength(1);
    expect(configs[0].Events).toEqual(['s3:ObjectCreated:*']);
    expect(JSON.stringify(configs[0].Filter)).toContain(INBOUND_PREFIX);
    const functionId = configs[0].LambdaFunctionArn['Fn::GetAtt'][0] as string;
    expect(resources[functionId].Properties.Description).toBe(BACKGROUND_FUNCTIONS.inboundMail.description);
    const statements = roleStatements(resources, roleOf(resources[functionId]));
    const reads = statements.filter((s) => JSON.stringify(s.Action).includes('s3:GetObject'));
    expect(reads.length).toBe(1);
    expect(JSON.stringify(reads[0].Resource)).toMatch(/RepliesInboundBucket\w+.*\/\*"/);
  });

  it('lets only the reactions and inboundMail functions read the signing secret, through the extension', () => {
    const readers = handlerFunctions(resources).filter(([, fn]) =>
      roleStatements(resources, roleOf(fn)).some((s) => JSON.stringify(s.Action).includes('secretsmanager:')),
    );
    const descriptions = readers.map(([, fn]) => fn.Properties.Description).sort();
    expect(descriptions).toEqual(
      [BACKGROUND_FUNCTIONS.inboundMail.description, BACKGROUND_FUNCTIONS.reactions.description].sort(),
    );
    for (const [id, fn] of readers) {
      expect(fn.Properties.Layers, id).toHaveLength(1);
      expect(fn.Properties.Environment.Variables.REPLY_SIGNING_SECRET_ARN.Ref, id).toMatch(
        /^RepliesSigningSecret/,
      );
    }
    only('AWS::SecretsManager::Secret');
  });

  it('refuses a reply domain outside the SES identity', () => {
    expect(() => loadStageConfig('dev', { replies: { domain: 'reply.elsewhere.test' } })).toThrow(
      /reply domain reply.elsewhere.test must be the SES identity's domain/,
    );
  });
});
