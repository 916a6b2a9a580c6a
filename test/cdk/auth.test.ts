/** The auth construct: the Cognito user pool, the SPA's client, the hosted UI and the SSO providers. */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStageConfig } from '../../lib/config/stages';
import { ofType, type Resources, synthCheap, synthDev } from './support';

let template: Template;
let resources: Resources;
beforeAll(() => {
  ({ template, resources } = synthDev());
});

describe('auth', () => {
  it('uses e-mail as the username with the product password policy', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireUppercase: true,
          RequireLowercase: true,
          RequireSymbols: true,
          RequireNumbers: false,
        },
      },
    });
  });

  it('has a public SPA client with SRP/password flows and the OAuth code grant back to the app', () => {
    const appUrl = { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] };
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      AllowedOAuthFlows: ['code'],
      AllowedOAuthScopes: Match.arrayEquals(['email', 'openid']),
      CallbackURLs: [{ 'Fn::Join': ['', ['https://', appUrl, '/token']] }],
      LogoutURLs: [{ 'Fn::Join': ['', ['https://', appUrl, '/']] }],
      SupportedIdentityProviders: [
        'COGNITO',
        ...loadStageConfig('dev').ssoProviders.map((p) => p.providerName),
      ],
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
      Domain: 'questionnaire-workspace-dev',
    });
  });

  it('creates the configured SAML provider with an e-mail mapping before the client', () => {
    const [provider] = loadStageConfig('dev').ssoProviders;
    expect(provider.kind).toBe('SAML');
    const idps = ofType(resources, 'AWS::Cognito::UserPoolIdentityProvider');
    expect(idps).toHaveLength(1);
    const [idpId, idp] = idps[0];
    expect(idp.Properties).toMatchObject({
      ProviderName: provider.providerName,
      ProviderType: 'SAML',
      ProviderDetails: { MetadataURL: provider.kind === 'SAML' ? provider.metadataUrl : '' },
      AttributeMapping: { email: expect.any(String) },
    });
    const [, client] = ofType(resources, 'AWS::Cognito::UserPoolClient')[0];
    expect(client.DependsOn).toContain(idpId);
  });
});

describe('auth variants (bundling skipped)', () => {
  it('creates OIDC providers with the client secret resolved from Secrets Manager at deploy time', () => {
    const { template } = synthCheap('dev', {
      configOverrides: {
        ssoProviders: [
          {
            providerName: 'AcmeOkta',
            kind: 'OIDC',
            issuerUrl: 'https://acme.okta.example',
            clientId: 'client-123',
            clientSecretName: 'qw/dev/sso/acme',
            identifiers: ['acme.example'],
          },
        ],
      },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'AcmeOkta',
      ProviderType: 'OIDC',
      ProviderDetails: Match.objectLike({
        client_id: 'client-123',
        client_secret: '{{resolve:secretsmanager:qw/dev/sso/acme:SecretString:::}}',
        oidc_issuer: 'https://acme.okta.example',
      }),
      AttributeMapping: { email: 'email' },
    });
  });
});
