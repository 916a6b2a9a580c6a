/**
 * Single sign-on against the real local parts: the hosted domain's OAuth endpoints (HTTPS), the demo
 * OpenID Connect provider, the user pool (cognito-local) and the API. The round trip, its error
 * cases (every one a 4xx or an error sent back to the app, never a 5xx), linking, and the rule that
 * a federated identity's e-mail counts only in a domain its team's single sign-on vouches for.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminGetUserCommand,
  AdminLinkProviderForUserCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_EMAIL_FIRST } from '../../functions/registration/service';
import { LOCAL_CLIENT_ID, LOCAL_POOL_ID } from '../../scripts/local/cognito';
import { DEMO } from '../../scripts/local/provision';
import { startLocalSso } from '../../scripts/local/sso';
import { DEMO_SSO_USERS, ssoSubject } from '../../scripts/local/sso-idp';
import { findFreeBasePort } from '../../scripts/local/stack';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import {
  authorizeUrl,
  claimsOf,
  exchangeCode,
  pkce,
  send,
  signInThroughIdp,
  ssoTokens,
} from '../support/sso';

let stack: TestStack;
const api = client(() => stack);
const resources = new Resources();
const pool = new CognitoIdentityProviderClient({});

// Besides the demo users: a guest of the customer's directory whose address is in a domain the
// team's single sign-on does not cover, and people who also have (or will have) a password account.
const GUEST = { email: 'guest@partner.example', givenName: 'Gus', familyName: 'Guest' };
const NATIVE_TWIN = { email: 'twin@sso.example.com', givenName: 'Tess', familyName: 'Twin' };
const LINKED = { email: 'linked@sso.example.com', givenName: 'Lin', familyName: 'Linked' };

beforeAll(async () => {
  stack = await resources.start(
    startTestStack({ ssoUsers: [...DEMO_SSO_USERS, GUEST, NATIVE_TWIN, LINKED] }),
    (s) => s.stop(),
  );
}, 120_000);
afterAll(() => resources.stopAll());

const hosted = (path: string) => `${stack.sso.hostedUiUrl}${path}`;

describe('the hosted domain', () => {
  it('signs a new person in: a federated user of the pool, tokens the API accepts, a refresh that works', async () => {
    const tokens = await ssoTokens(stack, 'ada@sso.example.com');
    const claims = claimsOf(tokens.id_token);
    const username = `${DEMO.ssoProvider}_${ssoSubject('ada@sso.example.com')}`;
    expect(claims).toMatchObject({
      'cognito:username': username,
      email: 'ada@sso.example.com',
      token_use: 'id',
    });
    const user = await pool.send(new AdminGetUserCommand({ UserPoolId: LOCAL_POOL_ID, Username: username }));
    expect(user.UserStatus).toBe('EXTERNAL_PROVIDER');
    const identities = JSON.parse(user.UserAttributes?.find((a) => a.Name === 'identities')?.Value ?? '[]');
    expect(identities).toMatchObject([
      { providerName: DEMO.ssoProvider, providerType: 'OIDC', userId: ssoSubject('ada@sso.example.com') },
    ]);
    // The API verifies the tokens unchanged: a signed-in person without a registration record.
    expect((await api.as(tokens.id_token).call('getUser')).status).toBe(404);
    // Amplify refreshes through the user pool API with the refresh token the hosted domain issued.
    const refreshed = await pool.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: LOCAL_CLIENT_ID, RefreshToken: tokens.refresh_token }),
    );
    expect(claimsOf(refreshed.AuthenticationResult?.IdToken ?? '')['cognito:username']).toBe(username);
    // And through the token endpoint's refresh_token grant.
    const viaEndpoint = await send(stack, hosted('/oauth2/token'), {
      form: { grant_type: 'refresh_token', client_id: LOCAL_CLIENT_ID, refresh_token: tokens.refresh_token },
    });
    expect(viaEndpoint.status).toBe(200);
    expect(claimsOf(JSON.parse(viaEndpoint.body).id_token).sub).toBe(claims.sub);

    // A second sign-in is the same user of the pool.
    const again = await ssoTokens(stack, 'ada@sso.example.com');
    expect(claimsOf(again.id_token).sub).toBe(claims.sub);
  });

  it('selects the provider by idp_identifier (the SSO domain) as well as by name', async () => {
    const { location } = await signInThroughIdp(stack, 'alan@sso.example.com', {
      select: { idp_identifier: DEMO.ssoDomain },
      state: 'by-domain',
    });
    expect(location.searchParams.get('state')).toBe('by-domain');
    expect(location.searchParams.get('code')).toBeTruthy();
  });

  it('answers a bad client, a foreign redirect URI or an unknown provider with an error page, never a 5xx', async () => {
    const { challenge } = pkce();
    const base = {
      state: 's',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      identity_provider: DEMO.ssoProvider,
    };
    const badClient = await send(stack, authorizeUrl(stack, { ...base, client_id: 'not-a-client' }));
    expect(badClient.status).toBe(400);
    expect(badClient.headers.location).toBeUndefined();

    for (const redirect of ['https://evil.example/token', `${stack.appUrl}/elsewhere`, '']) {
      const badRedirect = await send(stack, authorizeUrl(stack, { ...base, redirect_uri: redirect }));
      expect(badRedirect.status).toBe(400);
      expect(badRedirect.headers.location).toBeUndefined();
      expect(badRedirect.body).toContain('redirect_mismatch');
    }

    // Once the redirect URI is the app's, errors go back to the app with the state.
    const implicit = await send(stack, authorizeUrl(stack, { ...base, response_type: 'token' }));
    expect(implicit.status).toBe(302);
    const implicitError = new URL(String(implicit.headers.location));
    expect(implicitError.origin + implicitError.pathname).toBe(`${stack.appUrl}/token`);
    expect(implicitError.searchParams.get('error')).toBe('unsupported_response_type');
    expect(implicitError.searchParams.get('state')).toBe('s');

    const unknown = await send(stack, authorizeUrl(stack, { ...base, identity_provider: 'NoSuchIdp' }));
    expect(new URL(String(unknown.headers.location)).searchParams.get('error')).toBe('invalid_request');

    // A response from the provider for no sign-in in progress.
    const stray = await send(stack, hosted('/oauth2/idpresponse?code=abc&state=unknown'));
    expect(stray.status).toBe(400);
    const nothing = await send(stack, hosted('/no/such/page'));
    expect(nothing.status).toBe(404);
  });

  it('refuses a wrong PKCE verifier, a reused code and a foreign client at the token endpoint', async () => {
    const wrongVerifier = await signInThroughIdp(stack, 'grace@sso.example.com');
    const wrong = await exchangeCode(
      stack,
      wrongVerifier.location.searchParams.get('code')!,
      pkce().verifier,
    );
    expect(wrong).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    // The code was spent by the failed attempt too.
    const afterWrong = await exchangeCode(
      stack,
      wrongVerifier.location.searchParams.get('code')!,
      wrongVerifier.verifier,
    );
    expect(afterWrong).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    const good = await signInThroughIdp(stack, 'grace@sso.example.com');
    const code = good.location.searchParams.get('code')!;
    const first = await exchangeCode(stack, code, good.verifier);
    expect(first.status).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe(stack.appUrl);
    const reused = await exchangeCode(stack, code, good.verifier);
    expect(reused).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    const other = await signInThroughIdp(stack, 'grace@sso.example.com');
    const otherCode = other.location.searchParams.get('code')!;
    expect(await exchangeCode(stack, otherCode, other.verifier, { client_id: 'not-a-client' })).toMatchObject(
      {
        status: 400,
        json: { error: 'invalid_client' },
      },
    );
    expect(
      await exchangeCode(stack, otherCode, other.verifier, { redirect_uri: `${stack.appUrl}/other` }),
    ).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    const forms: Array<Record<string, string>> = [
      { grant_type: 'password', client_id: LOCAL_CLIENT_ID },
      { grant_type: 'refresh_token', client_id: LOCAL_CLIENT_ID, refresh_token: 'forged' },
      { client_id: LOCAL_CLIENT_ID },
      {},
    ];
    for (const form of forms) {
      const response = await send(stack, hosted('/oauth2/token'), { form });
      expect(response.status).toBe(400);
    }
    // The app's origin may call the token endpoint from the browser; another origin gets no CORS grant.
    const preflight = await send(stack, hosted('/oauth2/token'), {
      method: 'OPTIONS',
      headers: { origin: stack.appUrl, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('x-amz-user-agent');
    const foreign = await send(stack, hosted('/oauth2/token'), {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends a cancelled sign-in back to the app as access_denied, and signs out to the app only', async () => {
    const { challenge } = pkce();
    const cookies = new Map<string, string>();
    const start = await send(
      stack,
      authorizeUrl(stack, {
        state: 'c',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        identity_provider: DEMO.ssoProvider,
      }),
    );
    const atIdp = await send(stack, String(start.headers.location), { cookies });
    const page = new URL(String(atIdp.headers.location), String(start.headers.location));
    const wrongPassword = await send(stack, `${page}/login`, {
      cookies,
      form: { email: 'ada@sso.example.com', password: 'not-it' },
    });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toContain('Incorrect e-mail or password.');
    let location = new URL(
      String((await send(stack, `${page}/abort`, { cookies, form: {} })).headers.location),
      page,
    ).toString();
    for (let hop = 0; hop < 4 && !location.startsWith(stack.appUrl); hop++) {
      const next = await send(stack, location, { cookies });
      location = new URL(String(next.headers.location), location).toString();
    }
    const back = new URL(location);
    expect(back.pathname).toBe('/token');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('c');

    const logout = await send(
      stack,
      hosted(`/logout?client_id=${LOCAL_CLIENT_ID}&logout_uri=${encodeURIComponent(`${stack.appUrl}/`)}`),
    );
    expect(logout).toMatchObject({ status: 302, headers: { location: `${stack.appUrl}/` } });
    const elsewhere = await send(
      stack,
      hosted(`/logout?client_id=${LOCAL_CLIENT_ID}&logout_uri=https://evil.example/`),
    );
    expect(elsewhere.status).toBe(400);
  });
});

describe('linking and the federated e-mail rule (issue 8, finding 4)', () => {
  it('keeps a federated identity apart from a password account of the same address unless linked', async () => {
    const nativeSub = await stack.signUp(NATIVE_TWIN.email);
    const federated = claimsOf((await ssoTokens(stack, NATIVE_TWIN.email)).id_token);
    expect(federated.sub).not.toBe(nativeSub);
    expect(federated['cognito:username']).toBe(`${DEMO.ssoProvider}_${ssoSubject(NATIVE_TWIN.email)}`);

    // A link made with AdminLinkProviderForUser (what a pre-sign-up trigger would call) signs the
    // provider's identity in as the password account.
    const linkedSub = await stack.signUp(LINKED.email);
    const native = await pool.send(
      new AdminGetUserCommand({ UserPoolId: LOCAL_POOL_ID, Username: LINKED.email }),
    );
    const linkTo = (username: string | undefined, federatedEmail: string) =>
      pool.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: LOCAL_POOL_ID,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: username },
          SourceUser: {
            ProviderName: DEMO.ssoProvider,
            ProviderAttributeName: 'Cognito_Subject',
            ProviderAttributeValue: ssoSubject(federatedEmail),
          },
        }),
      );
    await linkTo(native.Username, LINKED.email);
    expect(claimsOf((await ssoTokens(stack, LINKED.email)).id_token).sub).toBe(linkedSub);
    // An identity that has signed in already cannot be linked (Cognito does not merge users).
    await expect(linkTo(native.Username, NATIVE_TWIN.email)).rejects.toThrow(
      /Merging is not currently supported/,
    );
  });

  it("counts a federated e-mail only in a domain the team's single sign-on vouches for", async () => {
    const demoToken = await stack.signIn(DEMO.email, DEMO.password);
    const [groups, roles] = await Promise.all([
      api.as(demoToken).call('getGroups'),
      api.as(demoToken).call('getRoles'),
    ]);
    const groupId = groups.body.data[0].groupId as string;
    const roleId = roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId as string;
    for (const emailAddress of [GUEST.email, 'alan@sso.example.com']) {
      const invited = await api
        .as(demoToken)
        .call('inviteMember', { body: { emailAddress, groupId, roleId } });
      expect(invited.status).toBe(200);
    }

    // The provider asserts a verified address outside the team's domain: it proves nothing here.
    const guest = (await ssoTokens(stack, GUEST.email)).id_token;
    expect(claimsOf(guest).email).toBe(GUEST.email);
    const guestRegistration = await api.call('registerUser', {
      token: guest,
      body: { givenName: 'Gus', lastName: 'Guest', emailAddress: GUEST.email },
    });
    expect(guestRegistration).toEqual({ status: 403, body: { message: VERIFY_EMAIL_FIRST } });
    expect((await api.as(guest).call('listInvitations')).status).toBe(404);

    // The team's own domain, signed in by the team's provider: registered, and the invitation is theirs.
    const alan = (await ssoTokens(stack, 'alan@sso.example.com')).id_token;
    const registered = await api.call('registerUser', {
      token: alan,
      body: { givenName: 'Alan', lastName: 'Turing', emailAddress: 'alan@sso.example.com' },
    });
    expect(registered.status).toBe(200);
    const listed = await api.as(alan).call('listInvitations');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].invitationData.team.name).toBe(DEMO.teamName);
    const accepted = await api.as(alan).call('respondToInvitation', {
      params: { membershipId: listed.body.data[0].membershipId },
      body: { invitationStatus: 'ACCEPT' },
    });
    expect(accepted.status).toBe(200);
  });

  it("refuses the team's domain when another provider signed the identity in", async () => {
    // A second provider of the same pool, which also has an account for an address of sso.example.com.
    const base = await findFreeBasePort();
    const dir = mkdtempSync(join(tmpdir(), 'other-idp-'));
    const other = await resources.start(
      startLocalSso({
        hostedUiPort: base,
        identityProviderPort: base + 1,
        appPort: stack.ports.app,
        dataDir: dir,
        federation: stack.sso.federation,
        providerName: 'OtherOIDC',
        users: [{ email: 'ada@sso.example.com', givenName: 'Not', familyName: 'Ada' }],
      }),
      async (sso) => {
        await sso.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    );
    const token = (await ssoTokens(stack, 'ada@sso.example.com', { ...other, providerName: 'OtherOIDC' }))
      .id_token;
    expect(claimsOf(token)).toMatchObject({
      'cognito:username': `OtherOIDC_${ssoSubject('ada@sso.example.com')}`,
      email: 'ada@sso.example.com',
    });
    const registered = await api.call('registerUser', {
      token,
      body: { givenName: 'Not', lastName: 'Ada', emailAddress: 'ada@sso.example.com' },
    });
    expect(registered).toEqual({ status: 403, body: { message: VERIFY_EMAIL_FIRST } });
  });
});
