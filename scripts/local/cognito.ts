/**
 * cognito-local, assembled in-process so the runner can supply what it lacks: ResendConfirmationCode,
 * GetTokensFromRefreshToken (Amplify 6 refreshes with it), GlobalSignOut, the pool's password policy,
 * and delivery of verification and reset codes as real e-mails to the local SES emulator.
 */

import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import pino from 'pino';
import { passwordPolicyProblem } from '../../shared/password-policy';

const require = createRequire(import.meta.url);
const lib = (path: string) => require(`cognito-local/lib/${path}`);
const { createServer } = lib('server/server');
const { Router } = lib('server/Router');
const { DefaultConfig } = lib('server/config');
const { DateClock, TriggersService, LambdaService, MessagesService } = lib('services');
const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
const { CryptoService } = lib('services/crypto');
const { StormDBDataStoreFactory } = lib('services/dataStore/stormDb');
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

export interface LocalCognitoOptions {
  port: number;
  dataDir: string;
  sesEndpoint: string;
  mailFrom: string;
}

export async function startLocalCognito(
  options: LocalCognitoOptions,
): Promise<{ server: Server; url: string }> {
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
  const dataStoreFactory = new StormDBDataStoreFactory(options.dataDir);
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
  return { server, url: `http://127.0.0.1:${options.port}` };
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
