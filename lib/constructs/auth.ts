/**
 * Cognito: the user pool (e-mail is the username), the SPA's app client, the hosted-UI domain used for
 * federated sign-in, and one SAML or OIDC identity provider per single sign-on customer.
 */
import { RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { PASSWORD_POLICY } from '../../shared/password-policy';
import type { SsoProvider } from '../config/stages';

export interface AuthProps {
  /** Public URL of the SPA (no trailing slash); OAuth redirects come back to it. */
  appUrl: string;
  hostedUiDomainPrefix: string;
  ssoProviders: SsoProvider[];
  removalPolicy: RemovalPolicy;
}

export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;
  readonly identityProviders: cognito.IUserPoolIdentityProvider[];
  /** Hosted-UI host name without scheme, as the SPA's runtime config wants it. */
  readonly oauthDomain: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      // One policy for this pool, the local pool and the SPA's rules box (shared/password-policy.ts).
      passwordPolicy: { ...PASSWORD_POLICY },
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy,
    });
    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product password rule is: at least 8 characters with upper case, lower case and a symbol; ' +
          'digits are deliberately optional (the sign-up screen and its validation follow the same rule).',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is not part of the product yet; customers who need it sign in through their own identity ' +
          'provider (SAML/OIDC), which enforces their MFA policy.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Essentials tier is a cost decision: Plus (threat protection) is billed per monthly active ' +
          'user. Revisit before general availability.',
      },
    );

    this.identityProviders = props.ssoProviders.map((provider) => this.addProvider(provider));

    this.domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: props.hostedUiDomainPrefix },
    });
    this.oauthDomain = `${props.hostedUiDomainPrefix}.auth.${Stack.of(this).region}.amazoncognito.com`;

    this.client = this.userPool.addClient('WebClient', {
      generateSecret: false,
      authFlows: { userPassword: true, userSrp: true },
      enableTokenRevocation: true,
      oAuth: {
        // The SPA exchanges a one-time code with PKCE at /oauth2/token (response_type=code), which
        // also gives it a refresh token; the implicit grant would put tokens in the URL.
        flows: { authorizationCodeGrant: true },
        scopes: [cognito.OAuthScope.EMAIL, cognito.OAuthScope.OPENID],
        callbackUrls: [`${props.appUrl}/token`],
        logoutUrls: [`${props.appUrl}/`],
      },
      supportedIdentityProviders: [
        cognito.UserPoolClientIdentityProvider.COGNITO,
        ...props.ssoProviders.map((p) => cognito.UserPoolClientIdentityProvider.custom(p.providerName)),
      ],
    });
    // The client names the providers by string, so CloudFormation must create them first.
    for (const idp of this.identityProviders) this.client.node.addDependency(idp);
  }

  private addProvider(provider: SsoProvider): cognito.IUserPoolIdentityProvider {
    const attributeMapping = { email: cognito.ProviderAttribute.other(emailClaim(provider)) };
    const id = `Idp${provider.providerName.replace(/[^A-Za-z0-9]/g, '')}`;
    if (provider.kind === 'SAML') {
      return new cognito.UserPoolIdentityProviderSaml(this, id, {
        userPool: this.userPool,
        name: provider.providerName,
        metadata: cognito.UserPoolIdentityProviderSamlMetadata.url(provider.metadataUrl),
        identifiers: provider.identifiers,
        attributeMapping,
      });
    }
    return new cognito.UserPoolIdentityProviderOidc(this, id, {
      userPool: this.userPool,
      name: provider.providerName,
      issuerUrl: provider.issuerUrl,
      clientId: provider.clientId,
      // A {{resolve:secretsmanager:…}} reference: CloudFormation resolves it at deploy time, so the
      // secret never appears in the template or the cloud assembly.
      clientSecret: SecretValue.secretsManager(provider.clientSecretName).unsafeUnwrap(),
      scopes: ['openid', 'email'],
      identifiers: provider.identifiers,
      attributeMapping,
    });
  }
}

/** Where the provider puts the e-mail address: configured, or the usual SAML claim URI / OIDC claim. */
function emailClaim(provider: SsoProvider): string {
  if (provider.emailAttribute) return provider.emailAttribute;
  return provider.kind === 'SAML'
    ? 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'
    : 'email';
}
