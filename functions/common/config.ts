/**
 * The environment every handler reads. CDK sets these on each Lambda; the local runner sets the
 * same names (plus the standard AWS_ENDPOINT_URL_* variables that point the SDK at emulators).
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Environment variable ${name} is not set`);
  return value;
}

export const config = {
  get stage() {
    return process.env.STAGE ?? 'dev';
  },
  get isProduction() {
    return this.stage === 'prod';
  },
  /** The chaos header is honoured only where the runner turns it on (locally and in tests), never deployed. */
  get chaosEnabled() {
    return process.env.CHAOS === 'on' && !this.isProduction;
  },
  get tableName() {
    return required('TABLE_NAME');
  },
  get uploadsBucket() {
    return required('UPLOADS_BUCKET');
  },
  get userPoolId() {
    return required('USER_POOL_ID');
  },
  get userPoolClientId() {
    return required('USER_POOL_CLIENT_ID');
  },
  /** Verified SES sender, e.g. "Questionnaire Workspace <no-reply@example.com>". */
  get mailFrom() {
    return required('MAIL_FROM');
  },
  /** Public URL of the SPA, for links in e-mails. */
  get appUrl() {
    return required('APP_URL');
  },
  /** https://{api}.execute-api.{region}.amazonaws.com/{stage}, or the local @connections endpoint. */
  get websocketCallbackUrl() {
    return required('WEBSOCKET_CALLBACK_URL');
  },
  /** The domain of reply addresses (replies to comment e-mails), e.g. reply.example.com. */
  get replyDomain() {
    return required('REPLY_DOMAIN');
  },
};

let replySecret: Promise<string> | undefined;

/**
 * The secret reply addresses are signed with. Locally the stack's environment holds a fixed
 * development value (REPLY_SIGNING_SECRET); on AWS, CDK generates a Secrets Manager secret and
 * passes its ARN (REPLY_SIGNING_SECRET_ARN), read once per container through the AWS Parameters
 * and Secrets Lambda Extension (a layer on the functions that sign or check addresses).
 */
export function replySigningSecret(): Promise<string> {
  const direct = process.env.REPLY_SIGNING_SECRET;
  if (direct) return Promise.resolve(direct);
  replySecret ??= (async () => {
    const secretId = required('REPLY_SIGNING_SECRET_ARN');
    const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
    const response = await fetch(
      `http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`,
      { headers: { 'X-Aws-Parameters-Secrets-Token': required('AWS_SESSION_TOKEN') } },
    );
    if (!response.ok) throw new Error(`The reply signing secret could not be read (${response.status})`);
    const { SecretString } = (await response.json()) as { SecretString?: string };
    if (!SecretString) throw new Error('The reply signing secret is empty');
    return SecretString;
  })();
  replySecret.catch(() => {
    replySecret = undefined;
  });
  return replySecret;
}
