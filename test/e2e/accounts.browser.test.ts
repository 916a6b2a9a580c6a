/**
 * Accounts in the browser, against the local stack with its emulators (spec 000 §2.4–2.8): sign-up
 * to a team of one's own and an invitation accepted in a second browser, password reset, single
 * sign-on by customer alias, and the profile photo. Codes and links are read from the SES
 * emulator's sent mail, as a person would read them from their inbox.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT_ID } from '../../scripts/local/cognito';
import { DEMO } from '../../scripts/local/provision';
import { suggestTeamName } from '../../shared/team-name';
import { client } from '../support/api-client';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import {
  assertSpaBuilt,
  codeMailCount,
  launchChromium,
  newPage,
  pngBytes,
  shot,
  waitForCode,
  waitForMail,
  waitForTitle,
} from './support';

const PASSWORD = 'Str0ng-Passw0rd!';
const run = Date.now().toString(36);
/** A fresh address per test, so no test depends on another's accounts. */
const address = (who: string, domain = 'example.org') => `${who}-${run}@${domain}`;

let stack: TestStack;
let browser: Browser;
let files: string;
const api = client(() => stack);
// Everything started here is stopped however the file ends, a failed or timed-out set-up included.
const resources = new Resources();
beforeAll(async () => {
  assertSpaBuilt();
  files = mkdtempSync(join(tmpdir(), 'e2e-accounts-'));
  resources.add(() => rmSync(files, { recursive: true, force: true }));
  [stack, browser] = await Promise.all([
    resources.start(startTestStack(), (s) => s.stop()),
    resources.start(launchChromium(), (b) => b.close()),
  ]);
});
afterAll(() => resources.stopAll());

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** Home with the navigation column: the user belongs to a team. */
async function expectHome(page: Page) {
  await page.waitForURL(`${stack.appUrl}/`);
  await navigation(page).getByRole('link', { name: 'View your Dashboard' }).waitFor();
}

/** Create Account → Confirm Account (code from the mail store) → automatic sign-in → Complete registration. */
async function signUpAndRegister(
  page: Page,
  email: string,
  names: { given: string; last: string },
  shots?: string,
) {
  await page.getByRole('heading', { name: 'Create an account' }).waitFor();
  await waitForTitle(page, 'Create Account');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  if (shots) await shot(page, `${shots}-create-account`);
  const codesBefore = await codeMailCount(stack, email);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await page.waitForURL(`${stack.appUrl}/Signup/Confirm?email=${encodeURIComponent(email)}`);
  await waitForTitle(page, 'Confirm Account');
  await page.getByText("We've emailed you a verification code.").waitFor();
  const code = await waitForCode(stack, email, codesBefore);
  await page.getByLabel('Verification Code').fill(code);
  if (shots) await shot(page, `${shots}-confirm-account`);
  await page.getByRole('button', { name: 'Confirm Account' }).click();

  // Signed in automatically with the credentials kept from Create Account; no user record yet.
  await page.waitForURL(`${stack.appUrl}/Signup/Complete?email=${encodeURIComponent(email)}`);
  await waitForTitle(page, 'Create Account');
  await page.getByLabel('First name').fill(names.given);
  await page.getByLabel('Last name').fill(names.last);
  if (shots) await shot(page, `${shots}-complete-registration`);
  await page.getByRole('button', { name: 'Complete Registration' }).click();
}

/** A confirmed identity with a user record (no team), made through the API as the SPA would. */
async function registeredUser(email: string, givenName: string, lastName: string, password = TEST_PASSWORD) {
  await stack.signUp(email, password);
  const registered = await api.call('registerUser', {
    token: await stack.signIn(email, password),
    body: { givenName, lastName, emailAddress: email },
  });
  expect(registered.status).toBe(200);
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto(`${stack.appUrl}/login`);
  await page.getByText('Sign in to your account').waitFor();
  await page.getByLabel('Work Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The Team page's row for `email` (members show their e-mail, invitations the invited one). */
const teamRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });

describe('accounts in the browser', () => {
  it('signs up to a team of their own, invites a colleague who signs up from the e-mail in a second browser and accepts', async () => {
    const ownerEmail = address('owner', 'acme-corp.example');
    const memberEmail = address('member', 'example.net');
    const owner = { given: 'Olivia', last: 'Owner' };
    const member = { given: 'Bella', last: 'Member' };
    const ownerName = `${owner.given} ${owner.last}`;
    const memberName = `${member.given} ${member.last}`;

    // A: Create Account by hand, confirm, register.
    const a = await newPage(browser);
    await a.goto(`${stack.appUrl}/Signup`);
    await a.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(await a.getByLabel('Work Email').inputValue()).toBe('');
    await a.getByLabel('Work Email').fill(ownerEmail);
    await signUpAndRegister(a, ownerEmail, owner, 'accounts-owner');

    // No invitations: team set-up, then create the team with the suggested name (spec 000 §9).
    await a.waitForURL(`${stack.appUrl}/Signup/Teams`);
    await a.getByRole('link', { name: 'Create a new team' }).click();
    await a.waitForURL(`${stack.appUrl}/Signup/Teams/Create`);
    await a.getByRole('heading', { name: 'Lets make your team' }).waitFor();
    const teamName = a.getByLabel('Team Name (Required)');
    await expect.poll(() => teamName.getAttribute('placeholder')).toBe('Your team name');
    // 'Team ' + the e-mail's domain (acme-corp) in start case.
    await expect.poll(() => teamName.inputValue()).toBe('Team Acme Corp');
    expect(suggestTeamName(ownerEmail, ownerName)).toBe('Team Acme Corp');
    await shot(a, 'accounts-owner-create-team');
    await a.getByRole('button', { name: 'Create my team' }).click();
    await expectHome(a);
    await shot(a, 'accounts-owner-home');

    // A invites B from the Team page.
    await navigation(a).getByRole('link', { name: 'Manage User Accounts' }).click();
    await a.waitForURL(`${stack.appUrl}/Team`);
    await waitForTitle(a, 'Team Management');
    await a.getByRole('heading', { name: 'Team', exact: true }).waitFor();
    await teamRow(a, ownerEmail).getByText(ownerName).waitFor();
    await a.getByRole('button', { name: 'Invite Team Member' }).click();
    const modal = a.getByRole('dialog', { name: 'Invite Team Member' });
    await modal.waitFor();
    const sendInvite = modal.getByRole('button', { name: 'Send Invite' });
    await expect.poll(() => sendInvite.isDisabled()).toBe(true);
    await modal.getByLabel('Email Address').fill(memberEmail);
    await modal.getByRole('combobox', { name: 'Team (Required)' }).click();
    await a.getByRole('option', { name: 'Security', exact: true }).click();
    await modal.getByRole('combobox', { name: 'Access (Required)' }).click();
    await a.getByRole('option', { name: 'Member', exact: true }).click();
    await shot(a, 'accounts-invite-modal');
    await sendInvite.click();
    await modal.waitFor({ state: 'hidden' });
    const pending = teamRow(a, memberEmail);
    await pending.waitFor();
    await expect.poll(() => pending.getAttribute('aria-disabled')).toBe('true');
    await expect
      .poll(() => pending.getByRole('cell').allInnerTexts())
      .toEqual(['Not Accepted', memberEmail, 'Security', 'Member', expect.any(String), 'Never']);
    await shot(a, 'accounts-team-invited');

    // B's invitation e-mail links to Create Account with the address filled in.
    const invitation = await waitForMail(stack, memberEmail, { match: (m) => m.text.includes('/Signup?') });
    expect(invitation.subject).toBe(`${ownerName} invited you to join Team Acme Corp`);
    const link = /https?:\/\/\S+\/Signup\?email=\S+/.exec(invitation.text)?.[0];
    expect(link).toBe(`${stack.appUrl}/Signup?email=${encodeURIComponent(memberEmail)}`);

    // B, in a second browser: sign up from the link, confirm, register, accept.
    const b = await newPage(browser);
    await b.goto(link!);
    await b.getByRole('heading', { name: 'Create an account' }).waitFor();
    await expect.poll(() => b.getByLabel('Work Email').inputValue()).toBe(memberEmail);
    await signUpAndRegister(b, memberEmail, member, 'accounts-member');
    await b.waitForURL(`${stack.appUrl}/Signup/Account`);
    await b.getByRole('heading', { name: "You're invited!" }).waitFor();
    const invitations = b.getByRole('listitem');
    await invitations.first().waitFor();
    await expect.poll(() => invitations.count()).toBe(1);
    await invitations
      .getByText(`${ownerName} invited you to join Team Acme Corp.`, { exact: true })
      .waitFor();
    await shot(b, 'accounts-member-invited');
    await invitations.getByRole('button', { name: 'Accept' }).click();
    await expectHome(b);
    await shot(b, 'accounts-member-home');

    // Both see each other on the Team page.
    await b.goto(`${stack.appUrl}/Team`);
    await teamRow(b, ownerEmail).getByText(ownerName, { exact: true }).waitFor();
    await teamRow(b, memberEmail).getByText(memberName, { exact: true }).waitFor();
    await shot(b, 'accounts-member-team');
    await a.reload();
    const accepted = teamRow(a, memberEmail);
    await accepted.getByText(memberName, { exact: true }).waitFor();
    await expect.poll(() => accepted.getAttribute('aria-disabled')).toBeNull();
    await expect.poll(() => a.getByText('Not Accepted').count()).toBe(0);
    await teamRow(a, ownerEmail).getByText(ownerName, { exact: true }).waitFor();
    await shot(a, 'accounts-owner-team');

    await a.context().close();
    await b.context().close();
  }, 90_000);

  it('resets a forgotten password with the e-mailed code, signs in with it, and refuses the old one', async () => {
    const email = address('reset');
    const oldPassword = 'Old-Passw0rd!';
    const newPassword = 'N3w-Passw0rd!';
    await registeredUser(email, 'Rita', 'Reset', oldPassword);

    const page = await newPage(browser);
    await page.goto(`${stack.appUrl}/login`);
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.waitForURL(`${stack.appUrl}/reset`);
    await waitForTitle(page, 'Reset Password');
    await page.getByLabel('Work Email').fill(email);
    const codesBefore = await codeMailCount(stack, email);
    await page.getByRole('button', { name: 'Send Password Reset Email' }).click();
    const update = page.getByRole('button', { name: 'Update Password' });
    await update.waitFor();
    const code = await waitForCode(stack, email, codesBefore);
    await page.getByLabel('Verification Code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await shot(page, 'accounts-reset-update');
    await update.click();

    // Signed in with the new password; registered without a team → team set-up (spec 000 §2.3).
    await page.getByText('Your password has been updated.').waitFor();
    await page.waitForURL(`${stack.appUrl}/Signup/Teams`);
    await page.getByRole('link', { name: 'Create a new team' }).waitFor();
    await shot(page, 'accounts-reset-signed-in');

    // Sign out from the profile.
    await page.goto(`${stack.appUrl}/Profile`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${stack.appUrl}/login`);

    await signInWithForm(page, email, oldPassword);
    await page.getByText(/Incorrect username or password/i).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // Where this sign-in lands is the known bug below (it returns to /Profile); here: it signs in,
    // and the signed-in user is still sent to team set-up from home.
    await signInWithForm(page, email, newPassword);
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto(`${stack.appUrl}/`);
    await page.waitForURL(`${stack.appUrl}/Signup/Teams`);
    await page.getByRole('link', { name: 'Create a new team' }).waitFor();
    await page.context().close();
  });

  it("sends /login/{alias} to the customer's identity provider, and an unknown alias to Sign In", async () => {
    const page = await newPage(browser);
    // What the SPA asks the hosted domain for: stop there (sso.browser.test.ts goes all the way).
    await page.context().route(
      (url) => url.pathname === '/oauth2/authorize',
      (route) => route.fulfill({ contentType: 'text/html', body: '<title>Hosted UI</title>' }),
    );
    const authorize = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/oauth2/authorize',
    );
    await page.goto(`${stack.appUrl}/login/${DEMO.ssoAlias}`);
    const url = new URL((await authorize).url());
    expect(url.host).toBe(`127.0.0.1:${stack.ports.hostedUi}`);
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(url.searchParams.get('identity_provider')).toBe(DEMO.ssoProvider);
    expect(url.searchParams.get('client_id')).toBe(LOCAL_CLIENT_ID);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/token$/);
    expect(url.searchParams.get('redirect_uri')).toBe(`${stack.appUrl}/token`);
    await page.waitForURL((current) => current.pathname === '/oauth2/authorize');
    await page.context().close();

    // A browser without the federated sign-in started above (see the known bug below).
    const other = await newPage(browser);
    await other.goto(`${stack.appUrl}/login/unknown-alias-${run}`);
    await other.waitForURL(`${stack.appUrl}/login`);
    await other.getByText('Sign in to your account').waitFor();
    await waitForTitle(other, 'Sign In');
    await other.context().close();
  });

  it('uploads a profile photo that the navigation avatar then shows, and refuses one over 2MB', async () => {
    const email = address('photo');
    await registeredUser(email, 'Pat', 'Photo');
    const token = await stack.signIn(email);
    expect((await api.call('createTeam', { token, body: { name: `Photo Team ${run}` } })).status).toBe(200);

    // A 24 × 16 gradient, and a noisy 900 × 900 image that cannot compress below 2MB.
    const small = pngBytes(24, 16, (x, y) => [x * 10, y * 15, 200]);
    const smallPath = join(files, 'avatar.png');
    writeFileSync(smallPath, small);
    const noise = randomBytes(900 * 900 * 3);
    const large = pngBytes(900, 900, (x, y) => {
      const at = (y * 900 + x) * 3;
      return [noise[at], noise[at + 1], noise[at + 2]];
    });
    expect(large.length).toBeGreaterThan(2 * 1024 * 1024);
    const largePath = join(files, 'large.png');
    writeFileSync(largePath, large);

    const page = await newPage(browser);
    await signInWithForm(page, email, TEST_PASSWORD);
    await expectHome(page);
    const profileLink = navigation(page).getByRole('link', { name: 'Profile' });
    const avatarImage = profileLink.locator('img');
    expect(await avatarImage.count()).toBe(0); // initials until there is a photo
    await profileLink.click();
    await page.waitForURL(`${stack.appUrl}/Profile`);
    await waitForTitle(page, 'Profile');

    const choose = async (path: string) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: /^(Choose|Change) Photo$/ }).click();
      await (await chooser).setFiles(path);
    };

    await choose(largePath);
    await page
      .getByRole('alert')
      .getByText('That image is too large, please choose a smaller image. We allow up to 2MB.', {
        exact: true,
      })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await shot(page, 'accounts-photo-too-large');

    await choose(smallPath);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Change Photo' }).waitFor();
    await page.getByRole('button', { name: 'Remove' }).waitFor();

    // The navigation avatar now shows the stored photo through its presigned URL, and it loads.
    await avatarImage.waitFor();
    const src = (await avatarImage.getAttribute('src'))!;
    expect(src).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${stack.ports.s3}/`));
    expect(src).toContain('X-Amz-Signature=');
    await expect
      .poll(() => avatarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 10_000,
      })
      .toBe(24);
    expect(Buffer.from(await (await fetch(src)).arrayBuffer()).equals(small)).toBe(true);
    await shot(page, 'accounts-photo-saved');
    await page.context().close();
  });
});

/** Regressions: each of these once failed. */
describe('signing out and abandoned single sign-on', () => {
  it('after Logout on /Profile, the next sign-in goes home (spec 000 §2.2), not back to /Profile', async () => {
    const email = address('logout');
    await registeredUser(email, 'Lou', 'Logout');
    const token = await stack.signIn(email);
    expect((await api.call('createTeam', { token, body: { name: `Logout Team ${run}` } })).status).toBe(200);
    const page = await newPage(browser, 8_000);
    try {
      await signInWithForm(page, email, TEST_PASSWORD);
      await expectHome(page);
      await navigation(page).getByRole('link', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${stack.appUrl}/login`);
      await page.getByLabel('Work Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL((url) => url.pathname !== '/login');
      expect(new URL(page.url()).pathname).toBe('/');
    } finally {
      await page.context().close();
    }
  });

  it('after an abandoned single sign-on, Sign In renders again (not the splash for 5 minutes)', async () => {
    const page = await newPage(browser, 8_000);
    try {
      await page.context().route(
        (url) => url.pathname === '/oauth2/authorize',
        (route) => route.fulfill({ contentType: 'text/html', body: '<title>Hosted UI</title>' }),
      );
      await page.goto(`${stack.appUrl}/login/${DEMO.ssoAlias}`);
      await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
      // The person comes back without finishing at their identity provider.
      await page.goto(`${stack.appUrl}/login`);
      await page.getByText('Sign in to your account').waitFor();
    } finally {
      await page.context().close();
    }
  });
});
