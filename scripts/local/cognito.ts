/**
 * cognito-local, assembled in-process so the runner can supply what it lacks: ResendConfirmationCode,
 * GetTokensFromRefreshToken (Amplify 6 refreshes with it), GlobalSignOut, the pool's password policy,
 * delivery of verification and reset codes as real e-mails to the local SES emulator, and a pool
 * written to disk atomically and in order (pool-store.ts); and, for the local hosted UI
 * (hosted-ui.ts), federated users and their tokens (`LocalFederation`).
 */

import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import pino from 'pino';
import { passwordPolicyProblem } from '../../shared/password-policy';
import { DurableDataStoreFactory } from './pool-store';

const require = createRequire(import.meta.url);
const lib = (path: string) => require(`cognito-local/lib/${path}`);
const { createServer } = lib('server/server');
const { Router } = lib('server/Router');
const { DefaultConfig } = lib('server/config');
const { DateClock, TriggersService, LambdaService, MessagesService } = lib('services');
const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
const { CryptoService } = lib('services/crypto');
const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
const { otp } = lib('services/otp');
const { JwtTokenGenerator } = lib('services/tokenGenerator');
const { UserPoolServiceFactoryImpl } = lib('services/userPoolService');
const { Targets } = lib('targets/targets');
const errors = lib('errors');
export const cognitoPublicJwk = lib('keys/cognitoLocal.public.json').jwk;

/** Pool and client ids in the real form, so aws-jwt-verify accepts the emulator's tokens. */
export const LOCAL_POOL_ID = 'ap-southeast-2_LocalPool1';
export const LOCAL_CLIENT_ID = 'localwebclient000000000000';
export const ISSUER_DOMAIN = 'https://cognito-idp.ap-southeast-2.amazonaws.com';

// The policy the CDK user pool sets (shared/password-policy.ts), refused with Cognito's code and words.
function checkPassword(password: unknown) {
  const problem = typeof password === 'string' ? passwordPolicyProblem(password) : 'Password not long enough';
  if (problem) {
    const error = new errors.InvalidPasswordError();
    error.message = `Password did not conform with policy: ${problem}`;
    throw error;
  }
}

interface Message {
  __code?: string;
  emailSubject?: string;
  emailMessage?: string;
}

/** An identity signed in by a customer's identity provider, as the hosted UI hands it to the pool. */
export interface FederatedSignIn {
  providerName: string;
  providerType: 'OIDC' | 'SAML';
  /** The provider's subject for the person (Cognito's `Cognito_Subject`). */
  subject: string;
  /** The mapped attributes (the CDK pool maps the e-mail only). */
  email: string;
}

export interface PoolTokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken: string;
  ExpiresIn: number;
}

/** What the local hosted UI needs from the user pool, done the way Cognito does it. */
export interface LocalFederation {
  hasClient(clientId: string): Promise<boolean>;
  /**
   * The pool's user for a federated sign-in: the user a link made with AdminLinkProviderForUser
   * names, else `<Provider>_<subject>` (UserStatus EXTERNAL_PROVIDER, an `identities` attribute),
   * created at the first sign-in, its mapped attributes updated at every later one. Like Cognito,
   * it never links to a native user of the same e-mail by itself. Returns the username.
   */
  signInFederated(input: FederatedSignIn): Promise<string>;
  /** Tokens from the pool's own generator and key (as InitiateAuth issues them); the refresh token is stored. */
  issueTokens(clientId: string, username: string): Promise<PoolTokens>;
  /** The refresh_token grant: new ID and access tokens; NotAuthorizedError for an unknown token. */
  refresh(clientId: string, refreshToken: string): Promise<Omit<PoolTokens, 'RefreshToken'>>;
}

export interface LocalCognitoOptions {
  port: number;
  dataDir: string;
  sesEndpoint: string;
  mailFrom: string;
  /** The data directory named (with how to reset it) when a pool file cannot be read; default `dataDir`. */
  resetDir?: string;
}

export interface LocalCognito {
  server: Server;
  url: string;
  federation: LocalFederation;
  /** Resolves once every change to the pool is on disk (each request's is before it is answered). */
  flush(): Promise<void>;
}

export async function startLocalCognito(options: LocalCognitoOptions): Promise<LocalCognito> {
  const logger = pino({ level: process.env.DEBUG ? 'debug' : 'error' });
  const ctx = { logger };
  const ses = new SESv2Client({
    endpoint: options.sesEndpoint,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  const mailSender = {
    async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: Message) {
      const code = message.__code ?? '';
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: options.mailFrom,
          Destination: { ToAddresses: [destination] },
          Content: {
            Simple: {
              Subject: { Data: message.emailSubject ?? `Your verification code is ${code}` },
              Body: { Text: { Data: message.emailMessage ?? `Your verification code is ${code}` } },
            },
          },
        }),
      );
    },
    async sendSms() {},
  };

  const config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    TokenConfig: { IssuerDomain: ISSUER_DOMAIN },
    ServerConfig: { port: options.port, hostname: '127.0.0.1', development: false, https: false },
  };
  // Written atomically and in order (pool-store.ts), not by cognito-local's StormDB store.
  const dataStoreFactory = new DurableDataStoreFactory(options.dataDir, options.resetDir);
  const clock = new DateClock();
  const cognito = await new CognitoServiceFactoryImpl(
    options.dataDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService({}, null),
    new CryptoService(undefined),
  );
  const messages = new MessagesService(triggers, new MessageDeliveryService(mailSender));
  const services = {
    clock,
    cognito,
    config,
    messages,
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };

  await ensurePoolAndClient(cognito, ctx, clock);

  type Req = Record<string, any>;
  const extraTargets: Record<string, (ctx: unknown, req: Req) => Promise<unknown>> = {
    async SignUp(c, req) {
      checkPassword(req.Password);
      return Targets.SignUp(services)(c, req);
    },
    async ConfirmSignUp(c, req) {
      // Cognito refuses to confirm a confirmed user in these words (cognito-local says the code expired).
      const pool = await cognito.getUserPoolForClientId(c, req.ClientId);
      const user = await pool.getUserByUsername(c, req.Username);
      if (user?.UserStatus === 'CONFIRMED')
        throw new errors.NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
      return Targets.ConfirmSignUp(services)(c, req);
    },
    async ConfirmForgotPassword(c, req) {
      checkPassword(req.Password);
      return Targets.ConfirmForgotPassword(services)(c, req);
    },
    async InitiateAuth(c, req) {
      try {
        return await Targets.InitiateAuth(services)(c, req);
      } catch (error) {
        // Cognito answers a wrong password or unknown user (user existence errors prevented) with
        // this wording, which the SPA shows as is; cognito-local differs.
        const wrongCredentials = [
          errors.NotAuthorizedError,
          errors.InvalidPasswordError,
          errors.UserNotFoundError,
        ];
        if (req.AuthFlow === 'USER_PASSWORD_AUTH' && wrongCredentials.some((type) => error instanceof type)) {
          throw new errors.NotAuthorizedError('Incorrect username or password.');
        }
        throw error;
      }
    },
    async ResendConfirmationCode(c, req) {
      const pool = await cognito.getUserPoolForClientId(c, req.ClientId);
      const user = await pool.getUserByUsername(c, req.Username);
      if (!user) throw new errors.UserNotFoundError();
      if (user.UserStatus === 'CONFIRMED')
        throw new errors.InvalidParameterError('User is already confirmed.');
      const email = user.Attributes.find((a: { Name: string }) => a.Name === 'email')?.Value;
      const details = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
      const code = otp();
      await messages.deliver(c, 'ResendCode', req.ClientId, pool.options.Id, user, code, undefined, details);
      await pool.saveUser(c, { ...user, ConfirmationCode: code });
      return { CodeDeliveryDetails: details };
    },
    async GetTokensFromRefreshToken(c, req) {
      const result = (await Targets.InitiateAuth(services)(c, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      })) as { AuthenticationResult: Req };
      return { AuthenticationResult: { ...result.AuthenticationResult, RefreshToken: req.RefreshToken } };
    },
    /** Links a provider's subject to an existing user: that identity then signs in as this user. */
    async AdminLinkProviderForUser(c, req) {
      const pool = await cognito.getUserPool(c, req.UserPoolId);
      const target = await pool.getUserByUsername(c, req.DestinationUser?.ProviderAttributeValue);
      if (!target) throw new errors.UserNotFoundError();
      const { ProviderName: providerName, ProviderAttributeValue: subject } = req.SourceUser ?? {};
      if (!providerName || !subject) throw new errors.InvalidParameterError('SourceUser is required');
      if (await pool.getUserByUsername(c, `${providerName}_${subject}`)) {
        throw new errors.InvalidParameterError(
          'Merging is not currently supported, provide a SourceUser that has not been used to sign in before',
        );
      }
      const identities = [
        ...identitiesOf(target).filter((i) => !(i.providerName === providerName && i.userId === subject)),
        identity(providerName, 'OIDC', subject, false),
      ];
      await pool.saveUser(c, withAttributes(target, { identities: JSON.stringify(identities) }, clock));
      return {};
    },
    async GlobalSignOut(c, req) {
      const claims = JSON.parse(
        Buffer.from(String(req.AccessToken).split('.')[1] ?? '', 'base64url').toString(),
      );
      const pool = await cognito.getUserPoolForClientId(c, claims.client_id);
      const user = await pool.getUserByUsername(c, claims.username ?? claims.sub);
      if (!user) throw new errors.NotAuthorizedError();
      await pool.saveUser(c, { ...user, RefreshTokens: [] });
      return {};
    },
  };
  const baseRouter = Router(services);
  const router = (target: string) => {
    const extra = extraTargets[target];
    return extra ? (c: unknown, req: Req) => extra(c, req) : baseRouter(target);
  };

  const server: Server = await createServer(router, logger, config.ServerConfig, services).start();

  const federation: LocalFederation = {
    hasClient: async (clientId) => Boolean(await cognito.getAppClient(ctx, clientId)),
    async signInFederated({ providerName, providerType, subject, email }) {
      const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
      const users: Req[] = await pool.listUsers(ctx);
      const linked = users.find(
        (u) =>
          u.UserStatus !== 'EXTERNAL_PROVIDER' &&
          identitiesOf(u).some((i) => i.providerName === providerName && i.userId === subject),
      );
      if (linked) return linked.Username;
      const username = `${providerName}_${subject}`;
      const existing = users.find((u) => u.Username === username);
      if (existing) {
        await pool.saveUser(ctx, withAttributes(existing, { email }, clock));
        return username;
      }
      const now = clock.get();
      await pool.saveUser(ctx, {
        Username: username,
        Attributes: [
          { Name: 'sub', Value: randomUUID() },
          { Name: 'email', Value: email },
          {
            Name: 'identities',
            Value: JSON.stringify([identity(providerName, providerType, subject, true)]),
          },
        ],
        Enabled: true,
        UserStatus: 'EXTERNAL_PROVIDER',
        UserCreateDate: now,
        UserLastModifiedDate: now,
        RefreshTokens: [],
      });
      return username;
    },
    async issueTokens(clientId, username) {
      const pool = await cognito.getUserPoolForClientId(ctx, clientId);
      const client = await cognito.getAppClient(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (!client || !user) throw new errors.NotAuthorizedError();
      const groups = await pool.listUserGroupMembership(ctx, user);
      const tokens = await services.tokenGenerator.generate(
        ctx,
        user,
        groups,
        client,
        undefined,
        'Authentication',
      );
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return { ...tokens, ExpiresIn: validitySeconds(client) };
    },
    async refresh(clientId, refreshToken) {
      const result = (await Targets.InitiateAuth(services)(ctx, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      })) as { AuthenticationResult: PoolTokens };
      const client = await cognito.getAppClient(ctx, clientId);
      const { IdToken, AccessToken } = result.AuthenticationResult;
      return { IdToken, AccessToken, ExpiresIn: validitySeconds(client) };
    },
  };
  return {
    server,
    url: `http://127.0.0.1:${options.port}`,
    federation,
    flush: () => dataStoreFactory.flush(),
  };
}

interface LinkedIdentity {
  userId: string;
  providerName: string;
  providerType: string;
  issuer: null;
  primary: boolean;
  dateCreated: number;
}

/** One entry of Cognito's `identities` attribute (a JSON array). */
const identity = (
  providerName: string,
  providerType: string,
  userId: string,
  primary: boolean,
): LinkedIdentity => ({
  userId,
  providerName,
  providerType,
  issuer: null,
  primary,
  dateCreated: Date.now(),
});

function identitiesOf(user: { Attributes?: Array<{ Name: string; Value?: string }> }): LinkedIdentity[] {
  const value = user.Attributes?.find((a) => a.Name === 'identities')?.Value;
  try {
    const parsed = value ? JSON.parse(value) : [];
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function withAttributes<T extends { Attributes?: Array<{ Name: string; Value?: string }> }>(
  user: T,
  values: Record<string, string>,
  clock: { get(): Date },
): T {
  const kept = (user.Attributes ?? []).filter((a) => !(a.Name in values));
  return {
    ...user,
    Attributes: [...kept, ...Object.entries(values).map(([Name, Value]) => ({ Name, Value }))],
    UserLastModifiedDate: clock.get(),
  };
}

/** The access token's lifetime in seconds, from the app client's validity and units. */
function validitySeconds(client: {
  AccessTokenValidity?: number;
  TokenValidityUnits?: { AccessToken?: string };
}) {
  const unit = { seconds: 1, minutes: 60, hours: 3600, days: 86_400 }[
    (client?.TokenValidityUnits?.AccessToken ?? 'hours') as 'hours'
  ];
  return (client?.AccessTokenValidity ?? 1) * (unit ?? 3600);
}

async function ensurePoolAndClient(cognito: any, ctx: unknown, clock: any) {
  const pools: Array<{ Id: string }> = await cognito.listUserPools(ctx);
  if (!pools.some((p) => p.Id === LOCAL_POOL_ID)) {
    await cognito.createUserPool(ctx, {
      Id: LOCAL_POOL_ID,
      Name: 'questionnaire-workspace-local',
      Arn: `arn:aws:cognito-idp:ap-southeast-2:000000000000:userpool/${LOCAL_POOL_ID}`,
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      CreationDate: clock.get(),
      LastModifiedDate: clock.get(),
    });
  }
  if (!(await cognito.getAppClient(ctx, LOCAL_CLIENT_ID))) {
    const pool = await cognito.getUserPool(ctx, LOCAL_POOL_ID);
    await pool.saveAppClient(ctx, {
      ClientId: LOCAL_CLIENT_ID,
      ClientName: 'web',
      UserPoolId: LOCAL_POOL_ID,
      CreationDate: clock.get(),
      LastModifiedDate: clock.get(),
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      AccessTokenValidity: 1,
      IdTokenValidity: 1,
      RefreshTokenValidity: 30,
    });
  }
}
