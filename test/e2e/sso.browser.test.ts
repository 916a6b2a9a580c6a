/**
 * Single sign-on end to end in headless Chromium, with real parts only: the SPA's Amplify sends the
 * browser to the local hosted domain (HTTPS, self-signed: the context accepts it as a person clicks
 * through the warning once), which sends it to the demo identity provider's sign-in page; back at
 * the hosted domain the pool's federated user gets its tokens, and the app is signed in. A person of
 * the SSO domain with no account yet goes to Complete Registration and on to their invitation; a
 * registered one lands on home, whether they came by the team's alias or by their e-mail's domain.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { DEMO_SSO_PASSWORD } from '../../scripts/local/sso-idp';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, newPage, shot, waitForTitle } from './support';

let stack: TestStack;
let browser: Browser;
const api = client(() => stack);
const resources = new Resources();
beforeAll(async () => {
  assertSpaBuilt();
  stack = await resources.start(startTestStack(), (s) => s.stop());
  browser = await resources.start(launchChromium(), (b) => b.close());
}, 120_000);
afterAll(() => resources.stopAll());

const PERSON = { email: 'grace@sso.example.com', given: 'Grace', last: 'Hopper' };

/** A separate browser that trusts the local hosted domain's self-signed certificate. */
const trustingPage = () => newPage(browser, 15_000, { ignoreHTTPSErrors: true });

/** At the demo identity provider's sign-in page: sign in as `email`. */
async function signInAtIdp(page: Page, email: string, screenshot?: string) {
  await page.waitForURL(
    (url) => url.origin === stack.sso.identityProviderUrl && url.pathname.startsWith('/interaction/'),
  );
  await page.getByRole('heading', { name: 'Sign in with your Example Corp account' }).waitFor();
  if ((await page.getByLabel('E-mail').inputValue()) !== email) await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(DEMO_SSO_PASSWORD);
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function expectHome(page: Page) {
  await page.waitForURL(`${stack.appUrl}/`);
  await page.getByRole('link', { name: 'View your Dashboard' }).waitFor();
}

describe('single sign-on', () => {
  it('takes a person of the SSO domain with no account yet from Sign In (by e-mail domain) to Complete Registration, then their invitation', async () => {
    // The demo team has invited them; their identity does not exist in the user pool yet.
    const owner = await stack.signIn(DEMO.email, DEMO.password);
    const [groups, roles] = await Promise.all([
      api.as(owner).call('getGroups'),
      api.as(owner).call('getRoles'),
    ]);
    const invited = await api.as(owner).call('inviteMember', {
      body: {
        emailAddress: PERSON.email,
        groupId: groups.body.data[0].groupId,
        roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId,
      },
    });
    expect(invited.status).toBe(200);

    const page = await trustingPage();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByLabel('Work Email').fill(PERSON.email);
    await page.getByLabel('Work Email').blur();
    // The address went along as login_hint: the provider's page starts with it.
    await page.waitForURL((url) => url.origin === stack.sso.identityProviderUrl);
    await expect.poll(() => page.getByLabel('E-mail').inputValue()).toBe(PERSON.email);
    await signInAtIdp(page, PERSON.email, 'sso-identity-provider');

    await page.waitForURL((url) => url.origin === stack.appUrl && url.pathname === '/Signup/Complete');
    await waitForTitle(page, 'Create Account');
    await page.getByLabel('First name').fill(PERSON.given);
    await page.getByLabel('Last name').fill(PERSON.last);
    await shot(page, 'sso-complete-registration');
    await page.getByRole('button', { name: 'Complete Registration' }).click();

    await page.getByRole('heading', { name: "You're invited!" }).waitFor();
    const invitation = page.getByRole('listitem').filter({ hasText: DEMO.teamName });
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await expectHome(page);
    await shot(page, 'sso-first-sign-in-home');
    await page.context().close();
  });

  it("signs a registered person in by the team's alias (/login/demo-sso) and lands on home", async () => {
    const page = await trustingPage();
    await page.goto(`${stack.appUrl}/login/${DEMO.ssoAlias}`);
    await signInAtIdp(page, PERSON.email);
    await expectHome(page);
    await page.getByText('Active Projects').waitFor();
    await page.getByText('Fabrikam Health', { exact: false }).first().waitFor();
    await shot(page, 'sso-alias-home');
    // Signing out of a federated session goes through the hosted domain's /logout back to the app.
    await page.goto(`${stack.appUrl}/Profile`);
    const loggedOut = page.waitForRequest((request) =>
      request.url().startsWith(`${stack.sso.hostedUiUrl}/logout?`),
    );
    await page.getByRole('button', { name: 'Logout' }).click();
    expect(new URL((await loggedOut).url()).searchParams.get('logout_uri')).toBe(`${stack.appUrl}/`);
    await page.waitForURL(`${stack.appUrl}/login`);
    await page.getByText('Sign in to your account').waitFor();
    await page.goto(`${stack.appUrl}/`);
    await page.waitForURL(`${stack.appUrl}/login`);
    await page.context().close();
  });

  it('signs a registered person in by their e-mail domain on Sign In (submitting the form) and lands on home', async () => {
    const page = await trustingPage();
    await page.goto(`${stack.appUrl}/login`);
    await page.getByLabel('Work Email').fill(PERSON.email.toUpperCase());
    await page.getByLabel('Password', { exact: true }).fill('anything-at-all');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await signInAtIdp(page, PERSON.email);
    await expectHome(page);
    await page.context().close();
  });

  it('brings a person who cancels at the identity provider back to Sign In', async () => {
    const page = await trustingPage();
    await page.goto(`${stack.appUrl}/login/${DEMO.ssoAlias}`);
    await page.waitForURL((url) => url.origin === stack.sso.identityProviderUrl);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${stack.appUrl}/login`);
    await page.getByText('Sign in to your account').waitFor();
    // The provider's reason is shown (error_description, passed on by the hosted domain).
    await page.getByText('Single sign-on was cancelled.').waitFor();
    await shot(page, 'sso-cancelled');
    await page.context().close();
  });
});
