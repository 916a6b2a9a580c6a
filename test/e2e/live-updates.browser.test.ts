/**
 * Two people signed in at once: the team owner changes a member's access on the Team page, and
 * the member's open page shows the notification toast live, without a reload; clicking the toast
 * opens its link.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { client } from '../support/api-client';
import { startTestStack, TEST_PASSWORD, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';
import { assertSpaBuilt, launchChromium, SHOTS, signInLive } from './support';

const MEMBER = { email: 'lena.live@example.com', givenName: 'Lena', lastName: 'Live' };

let stack: TestStack;
let browser: Browser;
const api = client(() => stack);
// Everything started here is stopped however the file ends, a failed or timed-out set-up included.
const resources = new Resources();

beforeAll(async () => {
  assertSpaBuilt();
  stack = await resources.start(startTestStack(), (s) => s.stop());
  // The member joins the demo team through the API: invitation, sign-up, registration, acceptance.
  const owner = await stack.signIn(DEMO.email, DEMO.password);
  const [roles, groups] = await Promise.all([
    api.call('getRoles', { token: owner }),
    api.call('getGroups', { token: owner }),
  ]);
  const invite = await api.call('inviteMember', {
    token: owner,
    body: {
      emailAddress: MEMBER.email,
      groupId: groups.body.data[0].groupId,
      roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId,
    },
  });
  await stack.signUp(MEMBER.email);
  await api.call('registerUser', {
    token: await stack.signIn(MEMBER.email),
    body: { givenName: MEMBER.givenName, lastName: MEMBER.lastName, emailAddress: MEMBER.email },
  });
  const accepted = await api.call('respondToInvitation', {
    params: { membershipId: invite.body.data.membershipId },
    token: await stack.signIn(MEMBER.email),
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  browser = await resources.start(launchChromium(), (b) => b.close());
});

afterAll(() => resources.stopAll());

/** Signs in through the UI and resolves once the page's websocket is authorized. */
const signIn = (email: string, password: string) => signInLive(browser, stack.appUrl, email, password);

describe('live updates', () => {
  it('shows the member a toast when the owner changes their access, without a reload', async () => {
    const member = await signIn(MEMBER.email, TEST_PASSWORD);
    let memberReloaded = false;
    member.on('framenavigated', (frame) => {
      if (frame === member.mainFrame()) memberReloaded = true;
    });

    const owner = await signIn(DEMO.email, DEMO.password);
    await owner.goto(`${stack.appUrl}/Team`);
    // Watch for the toast from before the change: it closes itself after 3 s.
    const toast = member.getByText('Your access was updated');
    const toastShown = toast.waitFor({ timeout: 20_000 });
    // The owner's own confirmation closes itself after 3 s too: watch for it from the start.
    const confirmed = owner.getByText('Access updated').waitFor({ timeout: 20_000 });
    await owner.getByLabel(`Role of ${MEMBER.givenName} ${MEMBER.lastName}`).first().click();
    await owner.getByRole('option', { name: 'Manager' }).click();
    await toastShown;
    await toast.hover(); // pauses the toast's auto-close
    await member.screenshot({ path: join(SHOTS, 'live-toast.png') });
    expect(memberReloaded).toBe(false);
    await confirmed;
    // The notification is the member's alone (user scope): the owner's page shows none.
    expect(await owner.getByText('Your access was updated').count()).toBe(0);

    await toast.click();
    await member.waitForURL(`${stack.appUrl}/Profile`);
    await member.getByText('Manager').first().waitFor();
  });
});
