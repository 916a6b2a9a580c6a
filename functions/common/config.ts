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
};
