/**
 * Typed, validated configuration for each deployment stage. bin/app.ts picks one with `-c stage=<name>`.
 * Values marked PLACEHOLDER must be replaced with real ones before the first `cdk deploy` of that stage.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as z from 'zod';

export const STAGE_NAMES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGE_NAMES)[number];

/** The only region this product deploys to. */
export const REGION = 'ap-southeast-2';

/** Cognito identity-provider names: 3–32 characters, no spaces or underscores, not a built-in provider. */
const providerName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9.-]{1,30}[A-Za-z0-9]$/,
    'provider names are 3-32 letters, digits, dots or dashes',
  )
  .refine(
    (name) =>
      !['cognito', 'google', 'facebook', 'loginwithamazon', 'signinwithapple'].includes(name.toLowerCase()),
    'provider name collides with a built-in Cognito provider',
  );

/** E-mail domains (or aliases) that route a user to this provider from the hosted UI. */
const identifiers = z.array(z.string().min(1).max(40)).max(50).optional();
/** The provider's attribute (SAML) or claim (OIDC) that carries the e-mail address, if not the usual one. */
const emailAttribute = z.string().min(1).optional();

const SamlProvider = z.object({
  providerName,
  kind: z.literal('SAML'),
  metadataUrl: z.url({ protocol: /^https$/ }),
  identifiers,
  emailAttribute,
});

const OidcProvider = z.object({
  providerName,
  kind: z.literal('OIDC'),
  issuerUrl: z.url({ protocol: /^https$/ }),
  clientId: z.string().min(1),
  /** Name of a Secrets Manager secret (plain string value) holding the client secret; resolved at deploy. */
  clientSecretName: z.string().min(1),
  identifiers,
  emailAttribute,
});

export const SsoProvider = z.discriminatedUnion('kind', [SamlProvider, OidcProvider]);
export type SsoProvider = z.infer<typeof SsoProvider>;

const SenderIdentity = z.union([
  z.object({ kind: z.literal('domain'), domain: z.string().regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/) }),
  z.object({ kind: z.literal('email'), email: z.email() }),
]);
export type SenderIdentity = z.infer<typeof SenderIdentity>;

const retentionDays = z
  .number()
  .int()
  .refine((days) => Object.values(RetentionDays).includes(days), 'not a CloudWatch Logs retention period')
  .transform((days) => days as RetentionDays);

/** The address inside a MAIL_FROM value such as `Questionnaire Workspace <no-reply@example.com>`. */
export const mailFromAddress = (mailFrom: string) => (/<([^>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom).trim();

export const StageConfig = z
  .object({
    stage: z.enum(STAGE_NAMES),
    /** Public hostname of the SPA with its us-east-1 ACM certificate; without it the CloudFront domain is used. */
    appDomain: z
      .object({
        domainName: z.string().regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/),
        certificateArn: z
          .string()
          .regex(
            /^arn:aws:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
            'CloudFront needs a us-east-1 certificate',
          ),
      })
      .optional(),
    /** Cognito hosted-UI prefix: `<prefix>.auth.ap-southeast-2.amazoncognito.com` (unique per region). */
    hostedUiDomainPrefix: z
      .string()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/)
      .refine(
        (p) => !/aws|amazon|cognito/.test(p),
        'Cognito rejects prefixes containing aws, amazon or cognito',
      ),
    /** The SES identity to create (a whole domain, or one address) and the From header handlers use. */
    email: z.object({ identity: SenderIdentity, mailFrom: z.string().min(3) }),
    /**
     * Replies to comment e-mails come back to `reply+…@<domain>` and become comments (SES receiving;
     * see lib/constructs/replies.ts for the region it needs). The domain must be the SES identity's
     * domain or a subdomain of it, and its MX record must point at SES's inbound endpoint.
     */
    replies: z.object({ domain: z.string().regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/) }),
    /** REST and WebSocket stage throttling (steady requests per second, and burst). */
    throttling: z.object({ rateLimit: z.number().positive(), burstLimit: z.number().int().positive() }),
    /** What happens to stateful resources (table, buckets, user pool, logs) when removed from the stack. */
    removalPolicy: z.enum(['retain', 'destroy']),
    logRetention: retentionDays,
    ssoProviders: z.array(SsoProvider),
    /** Where the stage's CloudWatch alarms are mailed (SNS e-mail subscription; confirm the first mail). */
    alarmEmail: z.email(),
    /** AWS WAF on the REST API and the CloudFront site: requests per client IP per 5 minutes before blocking. */
    waf: z.object({ ipRateLimit: z.number().int().min(10).max(2_000_000_000) }),
  })
  .superRefine((config, ctx) => {
    const address = mailFromAddress(config.email.mailFrom);
    const { identity } = config.email;
    const ok =
      identity.kind === 'domain'
        ? address.toLowerCase().endsWith(`@${identity.domain}`)
        : address.toLowerCase() === identity.email.toLowerCase();
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['email', 'mailFrom'],
        message: `MAIL_FROM address ${address} is not covered by the SES identity`,
      });
    }
    const replyDomain = config.replies.domain;
    if (
      identity.kind !== 'domain' ||
      (replyDomain !== identity.domain && !replyDomain.endsWith(`.${identity.domain}`))
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['replies', 'domain'],
        message: `The reply domain ${replyDomain} must be the SES identity's domain or a subdomain of it`,
      });
    }
    const names = config.ssoProviders.map((p) => p.providerName.toLowerCase());
    if (new Set(names).size !== names.length) {
      ctx.addIssue({ code: 'custom', path: ['ssoProviders'], message: 'provider names must be unique' });
    }
  });
export type StageConfig = z.output<typeof StageConfig>;
export type StageConfigInput = z.input<typeof StageConfig>;

const stages: Record<StageName, StageConfigInput> = {
  dev: {
    stage: 'dev',
    hostedUiDomainPrefix: 'questionnaire-workspace-dev',
    // PLACEHOLDER: a domain you control; SES needs its DKIM records before it will send.
    email: {
      identity: { kind: 'domain', domain: 'dev.example.com' },
      mailFrom: 'Questionnaire Workspace (dev) <no-reply@dev.example.com>',
    },
    // PLACEHOLDER: with an MX record to SES's inbound endpoint (see lib/constructs/replies.ts).
    replies: { domain: 'reply.dev.example.com' },
    throttling: { rateLimit: 50, burstLimit: 100 },
    removalPolicy: 'destroy',
    logRetention: RetentionDays.TWO_WEEKS,
    ssoProviders: [
      // Example only, so the SAML code path is synthesized and tested. Cognito downloads the metadata when
      // it creates the provider, so replace or remove this entry before deploying dev.
      {
        providerName: 'ExampleCorp',
        kind: 'SAML',
        metadataUrl: 'https://idp.example.com/saml/metadata.xml',
        identifiers: ['example.com'],
      },
    ],
    // PLACEHOLDER: a mailbox or list someone reads; SNS sends it a confirmation link first.
    alarmEmail: 'alerts@dev.example.com',
    waf: { ipRateLimit: 1000 },
  },
  prod: {
    stage: 'prod',
    hostedUiDomainPrefix: 'questionnaire-workspace',
    // PLACEHOLDER: the production sending domain.
    email: {
      identity: { kind: 'domain', domain: 'example.com' },
      mailFrom: 'Questionnaire Workspace <no-reply@example.com>',
    },
    // PLACEHOLDER: with an MX record to SES's inbound endpoint (see lib/constructs/replies.ts).
    replies: { domain: 'reply.example.com' },
    throttling: { rateLimit: 500, burstLimit: 1000 },
    removalPolicy: 'retain',
    logRetention: RetentionDays.ONE_YEAR,
    // One entry per customer that signs in through its own identity provider, e.g.
    // { providerName: 'AcmeOkta', kind: 'OIDC', issuerUrl: 'https://acme.okta.com', clientId: '…',
    //   clientSecretName: 'qw/prod/sso/acme', identifiers: ['acme.com'] }
    ssoProviders: [],
    // PLACEHOLDER: the on-call address for production alarms.
    alarmEmail: 'alerts@example.com',
    // A busy user's SPA makes a few requests a second at most; offices share one address behind NAT.
    waf: { ipRateLimit: 3000 },
  },
};

export const isStageName = (name: string): name is StageName =>
  (STAGE_NAMES as readonly string[]).includes(name);

/** The validated configuration of a stage; throws with every problem listed if it is invalid. */
export function loadStageConfig(name: string, overrides: Partial<StageConfigInput> = {}): StageConfig {
  if (!isStageName(name)) {
    throw new Error(`Unknown stage "${name}"; expected one of ${STAGE_NAMES.join(', ')}`);
  }
  const parsed = StageConfig.safeParse({ ...stages[name], ...overrides });
  if (!parsed.success) {
    throw new Error(`Invalid configuration for stage "${name}":\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
